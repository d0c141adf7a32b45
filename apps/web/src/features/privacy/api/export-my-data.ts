import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api';
import { privacyMutationKeys } from './query-keys';

/** The downloaded file: its name (from the answer's Content-Disposition) and its JSON text. */
export interface ExportedFile {
  fileName: string;
  blob: Blob;
}

const FALLBACK_NAME = 'testerhub-my-data.json';

/**
 * GET /api/account/ExportMyData (decision 040): everything held about the tester, as a file.
 * Fetched rather than followed as a link, so a refusal (429, 401) is shown on the page instead of
 * being saved as a file.
 */
export async function exportMyData(): Promise<ExportedFile> {
  const path = '/account/ExportMyData';
  const response = await fetch(`/api${path}`, {
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'x-requested-with': 'TesterHub' },
  });
  if (!response.ok) {
    const detail = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiRequestError(path, response.status, detail?.message ?? response.statusText);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? FALLBACK_NAME;
  return { fileName, blob: await response.blob() };
}

/** Saves a file the page fetched, as the browser saves a download. */
export function saveFile({ fileName, blob }: ExportedFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the tester's data; nothing is cached (the file is read once and saved). */
export function useExportMyData() {
  return useMutation({ mutationKey: privacyMutationKeys.exportMyData, mutationFn: exportMyData, onSuccess: saveFile });
}
