import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Language } from '@testerhub/shared/account-messages';
import { RequestValidationError, issuesFromZod } from './error-handler.ts';

/** The language a payload asks for: its Language field, 'es' or else English. */
export function payloadLanguage(body: unknown): Language {
  return (body as { Language?: unknown } | null)?.Language === 'es' ? 'es' : 'en';
}

/**
 * Routes whose messages follow the tester's language validate the raw body again in that
 * language when Fastify's (English) validation failed, so a Spanish form gets Spanish errors.
 */
export function rejectInLanguage(request: FastifyRequest, schemaFor: (language: Language) => z.ZodType): void {
  if (!request.validationError) return;
  const parsed = schemaFor(payloadLanguage(request.body)).safeParse(request.body);
  if (parsed.success) throw new RequestValidationError([{ field: 'body', message: request.validationError.message }]);
  throw new RequestValidationError(issuesFromZod(parsed.error));
}
