import { useState, type ComponentProps } from 'react';
import { namedCode } from '@testerhub/shared/staff-words';
import { SelectField, TextField } from '../../components/form-field';
import { requestErrorMessage } from '../../lib/request-error';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useInvitationOptions, useStudyTargetCount } from '../api/invitations';
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

/** How long the picks stay unchanged before they are counted: ticking three answers asks once (as the invitation count). */
const COUNT_DELAY_MS = 300;

const holdersText = (count: number) => `${count} ${count === 1 ? 'tester holds' : 'testers hold'} all of these answers`;

/**
 * The live count beside the About-me picker (issue 29; decision 148): how many testers an invitation
 * can reach hold every answer picked, at the study's test site. Asked once the picks have stayed
 * unchanged for a moment; the last count stays, marked "Updating…", while the next is asked, and
 * every change is announced politely.
 */
export function StudyTargetCount({
  picked,
  siteId,
  siteName,
}: {
  picked: readonly number[];
  siteId: string | null;
  siteName: string | null;
}) {
  const payloadText = picked.length > 0 ? JSON.stringify({ answerIds: picked, siteId }) : null;
  const countedText = useDebouncedValue(payloadText, COUNT_DELAY_MS);
  const count = useStudyTargetCount(countedText);
  const settled = countedText === payloadText;
  /** The count shown is for the picks on screen, not an earlier answer kept while the next is asked. */
  const current = count.data !== undefined && !count.isPlaceholderData && settled;
  const where = siteName ? ` at ${siteName}` : '';
  return (
    <div className="study-target-count">
      <div
        role="status"
        aria-live="polite"
        aria-label="Matching testers"
        aria-busy={payloadText !== null && (count.isFetching || !settled)}
      >
        {payloadText === null ? (
          <p>Choose answers to count the testers who hold them all.</p>
        ) : count.isError && settled ? (
          <p className="staff-problem">The count could not be read: {requestErrorMessage(count.error)}</p>
        ) : count.data === undefined ? (
          <p>Counting the testers…</p>
        ) : (
          <p>
            {holdersText(count.data.count)}
            {where}.{!current && ' Updating…'}
          </p>
        )}
      </div>
      {payloadText !== null && count.isError && settled && (
        <button type="button" className="staff-button staff-button--quiet" onClick={() => void count.refetch()}>
          Count again
        </button>
      )}
      <p className="form-field__hint">
        Counted among the testers an invitation can reach (not suspended or black-listed, invitation e-mail on), whatever their age.
      </p>
    </div>
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
  site,
}: {
  picked: readonly number[];
  onChange: (answerIds: number[]) => void;
  error: string | null;
  /** The study's test site (null: online only), whose testers the count keeps to. */
  site: { id: string; name: string | null } | null;
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
    <>
      <AboutMePicker
        legend="About-me answers required"
        hint="Only testers holding every answer chosen see the study. None chosen: every tester."
        answers={options.data?.answers ?? []}
        notice={notice}
        picked={picked}
        onChange={onChange}
        error={error}
      />
      <StudyTargetCount picked={picked} siteId={site?.id ?? null} siteName={site?.name ?? null} />
    </>
  );
}
