import { describe, expect, it } from 'vitest';
import { signJson, verifyJson } from './signed-token.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('signed tokens', () => {
  it('verify only with the secret and the purpose they were made for', () => {
    const token = signJson('checkIn', { b: 7 }, SECRET);
    expect(verifyJson('checkIn', token, SECRET)).toEqual({ b: 7, p: 'checkIn' });
    expect(verifyJson('studyLink', token, SECRET)).toBeNull();
    expect(verifyJson('checkIn', token, `${SECRET}x`)).toBeNull();
  });

  it('refuse a changed payload, a changed signature and malformed tokens', () => {
    const token = signJson('checkIn', { b: 7 }, SECRET);
    const [body, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ b: 8, p: 'checkIn' })).toString('base64url');
    expect(verifyJson('checkIn', `${forged}.${signature}`, SECRET)).toBeNull();
    expect(verifyJson('checkIn', `${body}.${signature.slice(1)}A`, SECRET)).toBeNull();
    for (const bad of ['', '.', token.replace('.', ''), `${token}.extra`, `bm90IGpzb24.${signature}`]) {
      expect(verifyJson('checkIn', bad, SECRET), bad).toBeNull();
    }
  });
});
