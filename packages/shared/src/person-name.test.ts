import { describe, expect, test } from 'vitest';
import { message } from './account-messages.ts';
import { checkPersonName } from './account-rules.ts';
import { registerSchema, shortSignUpSchema } from './account-schemas.ts';
import { childRegistrationSchema } from './children-schemas.ts';
import { personName } from './person-name.ts';
import { referralRequestSchema } from './referral-schemas.ts';

/** Issue 24, item 9: names go into the site's e-mails, so they hold letters, spaces, hyphens, apostrophes and periods only. */

const name = personName({ max: 50, tooLong: message('profileNameTooLong') });
const ALLOWED = [
  'José',
  "O'Brien",
  'O’Brien',
  'Anne-Marie',
  '李雷',
  'Jr.',
  'Mary Ann',
  'Zoë',
  'Nguyễn',
  'Åsa',
  'محمد',
  'Ὀδυσσεύς',
  'e\u0301',
];
const REFUSED = [
  'Eve Bcc: x@y',
  'Eve2',
  'R2D2',
  'Eve\nBcc',
  'Eve\r\nX',
  '<b>',
  'Eve@home',
  'a:b',
  'Tab\there',
  'Eve; x',
  'Eve_x',
  '😀',
  'Eve\u202e',
];

describe('personName', () => {
  test.each(ALLOWED)('accepts %j', (value) => expect(name.safeParse(value)).toEqual({ success: true, data: value }));

  test.each(REFUSED)('refuses %j with the rule in words', (value) =>
    expect(name.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([message('nameCharacters')]),
  );

  test('trims, and keeps its required, too-long and unreadable messages first', () => {
    expect(name.safeParse('  Ana  ')).toEqual({ success: true, data: 'Ana' });
    expect(name.safeParse('   ').error?.issues.map((issue) => issue.message)).toEqual([message('required')]);
    expect(name.safeParse(undefined).error?.issues.map((issue) => issue.message)).toEqual([message('required')]);
    expect(name.safeParse('a'.repeat(51)).error?.issues.map((issue) => issue.message)).toEqual([message('profileNameTooLong')]);
    expect(name.safeParse('a\u0000b').error?.issues.map((issue) => issue.message)).toEqual([message('invalidCharacters')]);
  });

  test('speaks Spanish when asked', () => {
    const spanish = personName({ max: 50, tooLong: message('profileNameTooLong', 'es'), language: 'es' });
    expect(spanish.safeParse('Eve Bcc: x@y').error?.issues.map((issue) => issue.message)).toEqual([
      'Use solo letras, espacios, guiones, apóstrofos y puntos.',
    ]);
    expect(message('nameCharacters')).toBe('Use letters, spaces, hyphens, apostrophes and periods only.');
  });

  test('the field-by-field check of the forms says the same', () => {
    for (const value of ALLOWED) expect(checkPersonName(value, 50, 'profileNameTooLong'), value).toBeNull();
    for (const value of REFUSED) expect(checkPersonName(value, 50, 'profileNameTooLong'), value).toBe('nameCharacters');
    expect(checkPersonName(' ', 50, 'profileNameTooLong')).toBe('required');
    expect(checkPersonName('a'.repeat(31), 30, 'nameTooLong')).toBe('nameTooLong');
  });

  test('every request schema with a name uses it: registration (both languages), short sign-up, referral, child', () => {
    const bad = 'Eve Bcc: x@y';
    const issue = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
      result.error?.issues.find((item) => item.path[0] === field)?.message;
    expect(issue(registerSchema('en').safeParse({ FirstName: bad, LastName: bad }), 'FirstName')).toBe(message('nameCharacters'));
    expect(issue(registerSchema('es').safeParse({ FirstName: bad, LastName: bad }), 'LastName')).toBe(message('nameCharacters', 'es'));
    expect(issue(shortSignUpSchema('es').safeParse({ firstName: bad, lastName: bad }), 'firstName')).toBe(message('nameCharacters', 'es'));
    expect(issue(shortSignUpSchema('en').safeParse({ firstName: bad, lastName: bad }), 'lastName')).toBe(message('nameCharacters'));
    expect(issue(referralRequestSchema.safeParse({ firstname: bad, lastname: bad }), 'firstname')).toBe(message('nameCharacters'));
    expect(issue(referralRequestSchema.safeParse({ firstname: bad, lastname: bad }), 'lastname')).toBe(message('nameCharacters'));
    expect(issue(childRegistrationSchema().safeParse({ firstName: bad, lastName: bad }), 'firstName')).toBe(message('nameCharacters'));
    expect(issue(childRegistrationSchema().safeParse({ firstName: bad, lastName: bad }), 'lastName')).toBe(message('nameCharacters'));
  });
});
