import { requestErrorMessage } from '../../../lib/request-error';

/** What a content save answered, shown in the page's status line or beside the form. */
export interface Outcome {
  status: 'succeed' | 'failed';
  message: string;
}

/** The first message zod gives for each field, keyed by its path ("name", "airportDirections.0.airport"), to show beside it. */
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** A save's answer, or a failed outcome with the request's error message when the call itself failed. */
export async function outcomeOf<T extends Outcome>(call: () => Promise<T>): Promise<T | Outcome> {
  try {
    return await call();
  } catch (error) {
    return { status: 'failed', message: requestErrorMessage(error) };
  }
}
