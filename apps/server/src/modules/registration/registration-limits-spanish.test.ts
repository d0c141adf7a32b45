import { describe, expect, it } from 'vitest';
import { ENTRY_TEXTS, message } from '@testerhub/shared/account-messages';
import { postJson } from '../../../test/account-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * Registration's own 429s in the visitor's language (issue 28, "Spanish, end to end"; decision 131):
 * the payload's Language where the call has one, else the page's Accept-Language, as the sign-in
 * side's 429s do. English, or no header, answers word for word as before. Six checks per address and
 * window (LOGIN_ATTEMPTS_PER_WINDOW × 6), one code per phone.
 */

const testApp = useTestApp({ env: { LOGIN_ATTEMPTS_PER_WINDOW: '1', RATE_LIMIT_WINDOW_SECONDS: '600' } });
const CHECKS_PER_ADDRESS = 6;
const SPANISH = { 'accept-language': 'es-MX,es;q=0.9' };

let addressCounter = 0;
const nextAddress = () => `10.131.${Math.floor((addressCounter += 1) / 200)}.${addressCounter % 200}`;

/** Fires more calls than the limit at once from one address; every refused one is a 429. */
async function refusedAtOnce(url: string, body: (call: number) => unknown, headers: Record<string, string> = {}) {
  const remoteAddress = nextAddress();
  const answers = await Promise.all(
    Array.from({ length: CHECKS_PER_ADDRESS + 3 }, (_, call) => postJson(testApp.app, url, body(call), { remoteAddress, headers })),
  );
  const refused = answers.filter((answer) => answer.statusCode === 429);
  expect(answers.length - refused.length).toBe(CHECKS_PER_ADDRESS);
  return refused.map((answer) => answer.json().message as string);
}

describe('registration rate limits speak the visitor language', () => {
  it('IsInfoExist (the registration form checks): a Spanish page reads the 429 in Spanish, English unchanged', async () => {
    const body = () => ({ username: 'somebody12', email: 'somebody@mail.example.test' });
    const spanish = await refusedAtOnce('/api/account/IsInfoExist', body, SPANISH);
    expect(spanish).toEqual(spanish.map(() => 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.'));
    const english = await refusedAtOnce('/api/account/IsInfoExist', body, {});
    expect(english).toEqual(english.map(() => ENTRY_TEXTS.tooManyRequests));
  });

  it('SaveSignUpProfile (the short form): the payload Language es, as the join page sends it', async () => {
    const lead = (Language: string) => () => ({
      firstName: 'Ana',
      lastName: 'Rivera',
      phone: '3125550177',
      email: 'ana.rivera@mail.example.test',
      Language,
    });
    const spanish = await refusedAtOnce('/api/account/SaveSignUpProfile', lead('es'));
    expect(spanish).toEqual(spanish.map(() => message('tooManyRequests', 'es')));
    const english = await refusedAtOnce('/api/account/SaveSignUpProfile', lead('en'));
    expect(english).toEqual(english.map(() => ENTRY_TEXTS.tooManyRequests));
  });

  it('ReEngagement: the payload Language es words both its limits (per address and per phone) in Spanish', async () => {
    const code = { c: '7654321', p: '3125550190', Language: 'es' };
    // One code per phone and window: the second try, from another address, meets the phone's limit.
    expect((await postJson(testApp.app, '/api/account/ReEngagement', code, { remoteAddress: nextAddress() })).statusCode).toBe(200);
    const perPhone = await postJson(testApp.app, '/api/account/ReEngagement', code, { remoteAddress: nextAddress() });
    expect(perPhone.statusCode).toBe(429);
    expect(perPhone.json().message).toBe(message('tooManyRequests', 'es'));
    const english = await postJson(testApp.app, '/api/account/ReEngagement', { ...code, Language: 'en' }, { remoteAddress: nextAddress() });
    expect(english.json().message).toBe(ENTRY_TEXTS.tooManyRequests);

    // Each call its own phone, so only the address's limit refuses.
    const perAddress = await refusedAtOnce('/api/account/ReEngagement', (call) => ({ ...code, p: `31255502${10 + call}` }));
    expect(perAddress).toEqual(perAddress.map(() => message('tooManyRequests', 'es')));
  });
});
