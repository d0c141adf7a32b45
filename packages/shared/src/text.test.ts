import { describe, expect, test } from 'vitest';
import { checkConfirmEmailSchema, loginSchema, registerSchema, testerIdSchema } from './account-schemas.ts';
import { message } from './account-messages.ts';
import { isWellFormedText } from './text.ts';

describe('well-formed text', () => {
  test.each(['plain', 'zoë', 'emoji 😀', '', '\ufffd'])('%j passes', (value) => expect(isWellFormedText(value)).toBe(true));
  test.each(['a\u0000b', '\ud800', 'x\udc00', '\udbff', 'ok\ud83d'])('%j is refused', (value) =>
    expect(isWellFormedText(value)).toBe(false),
  );

  test('the shared schemas refuse it in every string field, in the tester language', () => {
    const login = loginSchema.safeParse({ username: 'demo\u0000', password: 'x\ud800' });
    expect(login.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['username', message('invalidCharacters')],
      ['password', message('invalidCharacters')],
    ]);
    const spanish = registerSchema('es').safeParse({ Username: 'demo\u0000tester' });
    expect(spanish.error?.issues.find((issue) => issue.path[0] === 'Username')?.message).toBe(message('invalidCharacters', 'es'));
  });

  test('tester ids are real UUIDs', () => {
    expect(testerIdSchema.safeParse('0b9c2f7e-5d7a-4c1e-9f5e-3a2b1c0d9e8f').success).toBe(true);
    for (const id of ['zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', '12345678-1234-0234-0234-123456789abc', 'u', '']) {
      expect(testerIdSchema.safeParse(id).success, id).toBe(false);
    }
    expect(checkConfirmEmailSchema.safeParse({ userId: 'not-a-uuid', code: 'abc' }).error?.issues[0]?.path).toEqual(['userId']);
  });
});
