import { expect } from 'vitest';
import type { LegalPageKey, StaffLegalTextResponse } from '@testerhub/shared/legal-text-schemas';
import { getWith, postJson } from '../../../../test/account-helpers.ts';
import { signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../../test/staff-helpers.ts';
import { useTestApp } from '../../../../test/test-app.ts';

/**
 * The legal-text tests' app and calls: content staff publishing through the console, the public call
 * (cached for an hour, so that a publication must be answered at once), and a page's versions.
 */
export function useLegalTextTestApp() {
  const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, PUBLIC_CONTENT_CACHE_SECONDS: '3600' } });
  const db = () => testApp.database.db;
  /** The public call's answer; `language` is the reader's Accept-Language, none when left out. */
  const publicAnswer = (page: LegalPageKey, language?: string) =>
    getWith(testApp.app, `/api/content/LegalText?page=${page}`, language ? { headers: { 'accept-language': language } } : {});
  return {
    testApp,
    db,
    contentStaff: () => signedInStaff(db(), ['content']),
    post: (cookie: string, call: string, body: unknown) => postJson(testApp.app, `/api/staff/content/${call}`, body, { cookie }),
    publicAnswer,
    publicText: async (page: LegalPageKey, language?: string) => (await publicAnswer(page, language)).json(),
    staffText: async (cookie: string, page: LegalPageKey) => {
      const answer = await getWith(testApp.app, `/api/staff/content/LegalTextVersions?page=${page}`, { cookie });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as StaffLegalTextResponse;
    },
  };
}
