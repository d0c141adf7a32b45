import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

/**
 * One form pattern on the web (issue 25; decision 091; eslint-rules/schema-form-fields.js): a
 * component under features/ or staff/ that renders a <form> keeps its fields in useSchemaForm.
 * Planted forms are linted as if they sat in a feature's and in the staff console's folder.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: repoRoot });
const PLANTED_IN_FEATURE = 'apps/web/src/features/referral/planted-form.tsx';
const PLANTED_IN_STAFF = 'apps/web/src/staff/studies/planted-form.tsx';

async function formMessages(code: string, filePath = PLANTED_IN_FEATURE): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'schema-forms/schema-form-fields')
    .map((message) => message.message);
}

const HAND_ROLLED = `import { useState } from 'react';
export function Planted() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  return (
    <form>
      <input value={name} onChange={(event) => setName(event.target.value)} />
      <input value={email} onChange={(event) => setEmail(event.target.value)} />
      <PhoneInput value={phone} onPhoneChange={setPhone} />
    </form>
  );
}
function PhoneInput(props: { value: string; onPhoneChange: (value: string) => void }) {
  return <input value={props.value} onChange={(event) => props.onPhoneChange(event.target.value)} />;
}
`;

describe('one form pattern on the web', () => {
  test('a form keeping three fields in useState is refused, in a feature and in the staff console', async () => {
    const expected = [expect.stringContaining('This form keeps 3 fields in useState (setName, setEmail, setPhone)')];
    expect(await formMessages(HAND_ROLLED)).toEqual(expected);
    expect(await formMessages(HAND_ROLLED, PLANTED_IN_STAFF)).toEqual(expected);
  });

  test('a setter handed to a control as an on… prop counts as a field; one that reports an outcome does not', async () => {
    const code = (outcomeProp: string) => `import { useState } from 'react';
export function Planted() {
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<string | null>(null);
  return (
    <form>
      <input value={name} onChange={(event) => setName(event.target.value)} />
      <RolePicker roles={roles} onRoles={setRoles} ${outcomeProp}={setOutcome} />
      {outcome}
    </form>
  );
}
function RolePicker(props: { roles: string[]; onRoles: (roles: string[]) => void; onOutcome?: (outcome: string) => void; onSites?: (outcome: string) => void }) {
  return <input value={props.roles.join()} onChange={(event) => props.onRoles(event.target.value.split(','))} />;
}
`;
    expect(await formMessages(code('onSites'), PLANTED_IN_STAFF)).toEqual([
      expect.stringContaining('This form keeps 3 fields in useState (setName, setRoles, setOutcome)'),
    ]);
    expect(await formMessages(code('onOutcome'), PLANTED_IN_STAFF)).toEqual([]);
  });

  test("no form is excepted any more: registration's detail step, the last to move, is checked and passes", async () => {
    const detailStep = 'apps/web/src/features/registration/detail-step.tsx';
    const config = (await eslint.calculateConfigForFile(path.join(repoRoot, detailStep))) as { rules?: Record<string, unknown> };
    expect(config.rules).toHaveProperty('schema-forms/schema-form-fields');
    const [result] = await eslint.lintFiles([path.join(repoRoot, detailStep)]);
    expect(result?.messages.filter((message) => message.ruleId === 'schema-forms/schema-form-fields')).toEqual([]);
  });

  test('a form checked by useCheckedForm is refused', async () => {
    const code = `import { useCheckedForm } from '../../hooks/use-checked-form';
export function Planted() {
  const { formRef } = useCheckedForm(['code'], { code: null }, 'en');
  return <form ref={formRef} />;
}
`;
    expect(await formMessages(code)).toEqual([expect.stringContaining('useCheckedForm')]);
  });

  test('two fields in useState, or state that is not a field, pass', async () => {
    const code = `import { useState } from 'react';
export function Planted() {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [popup, setPopup] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form onSubmit={() => { setPending(true); setPopup('sent'); }}>
      <input value={query} onChange={(event) => setQuery(event.target.value)} />
      <select value={page} onChange={(event) => setPage(Number(event.target.value))} />
      {pending && popup}
    </form>
  );
}
`;
    expect(await formMessages(code)).toEqual([]);
  });

  test('a component with three state fields but no <form> is left alone', async () => {
    expect(await formMessages(HAND_ROLLED.replaceAll('form>', 'div>'))).toEqual([]);
  });
});
