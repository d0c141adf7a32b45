import { useState, type ComponentProps } from 'react';
import { namedCode } from '@testerhub/shared/staff-words';
import { SelectField, TextField } from '../../components/form-field';
import { requestErrorMessage } from '../../lib/request-error';
import { useInvitationOptions } from '../api/invitations';
import { AboutMePicker } from '../invitations/about-me-picker';

/** The select's value for a code no name covers: the number is typed instead. */
const OTHER = 'other';

const isNamed = (words: Record<number, string>, value: unknown): value is number =>
  typeof value === 'number' && Object.hasOwn(words, value);

/**
 * A numbered code picked by name (issue 29: staff typed project and participant type numbers), with
 * "Other (number)" for a code no name covers, so a stored code is never lost: a study holding one
 * opens with Other chosen and its number shown.
 */
export function NamedCodeField({
  label,
  hint,
  words,
  value,
  error,
  onPick,
  number,
}: {
  label: string;
  hint: string;
  words: Record<number, string>;
  value: unknown;
  error: string | null;
  /** A named code chosen: the form's value becomes it. */
  onPick: (code: number) => void;
  /** The number field shown with Other, bound to the same form value (label, registration, error). */
  number: ComponentProps<typeof TextField>;
}) {
  const [other, setOther] = useState(() => !isNamed(words, value));
  const options = Object.keys(words).map((code) => ({ value: code, label: namedCode(words, Number(code)) }));
  return (
    <>
      <SelectField
        label={label}
        hint={hint}
        value={other ? OTHER : String(value)}
        options={[...options, { value: OTHER, label: 'Other (number)' }]}
        onChange={(event) => {
          const picked = event.target.value;
          setOther(picked === OTHER);
          if (picked !== OTHER) onPick(Number(picked));
        }}
        error={other ? null : error}
      />
      {other && <TextField inputMode="numeric" {...number} />}
    </>
  );
}

/**
 * The About-me answers a tester must hold to see the study, picked by question and answer with the
 * invitation form's picker (issue 29: staff typed answer ids). The list is the one the invitation
 * form reads (recruiter role, as this form); the ids go to the server as before, which still checks
 * them.
 */
export function StudyAboutMePicker({
  picked,
  onChange,
  error,
}: {
  picked: readonly number[];
  onChange: (answerIds: number[]) => void;
  error: string | null;
}) {
  const options = useInvitationOptions();
  const notice = options.isPending ? (
    <p aria-busy="true">Loading the About-me answers…</p>
  ) : options.isError ? (
    <div role="alert">
      <p className="staff-problem">{requestErrorMessage(options.error)}</p>
      <button type="button" className="staff-button staff-button--quiet" onClick={() => void options.refetch()}>
        Try again
      </button>
    </div>
  ) : undefined;
  return (
    <AboutMePicker
      legend="About-me answers required"
      hint="Only testers holding every answer chosen see the study. None chosen: every tester."
      answers={options.data?.answers ?? []}
      notice={notice}
      picked={picked}
      onChange={onChange}
      error={error}
    />
  );
}
