import { RequiresRole } from '../shell/staff-page-parts';
import { useState, type FormEvent } from 'react';
import { useOutletContext } from 'react-router';
import type { z } from 'zod';
import { STAFF_TEXTS, staffInviteSchema, staffSetRolesSchema, type StaffListEntry, type StaffRole } from '@testerhub/shared/staff-schemas';
import { TextField } from '../../components/form-field';
import { ModalDialog } from '../../components/modal-dialog';
import { usePageTitle } from '../../hooks/use-page-title';
import { fieldErrorText } from '../../lib/form-errors';
import { requestErrorMessage } from '../../lib/request-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useInviteStaff, useResetStaffSignIn, useSetStaffDisabled, useSetStaffRoles, type StaffStatus } from '../api/admin-changes';
import { useStaffList } from '../api/staff-list';
import { RolePicker } from './role-picker';
import type { StaffOutletContext } from '../shell/staff-shell';
import { roleNames } from './staff-roles';

const STATE_LABELS = { active: 'Active', invited: 'Invited (set-up not finished)', disabled: 'Disabled' } as const;

type Issue = { path: PropertyKey[]; message: string };

/** The first message the shared schema gives for a field, or null. */
function issueFor(issues: Issue[], field: string) {
  return issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

/** A refusal the server tied to a field (a site id that names no site) goes beside that field, as the schema's do. */
const fieldRefusal = (answer: StaffStatus): Issue[] =>
  answer.status === 'failed' && answer.field ? [{ path: [answer.field], message: answer.message }] : [];

/** Admin: the staff list, the invitation form, role changes, disabling (decision 043) and a new set-up link (decision 073). */
export function StaffListPage() {
  usePageTitle('Staff accounts');
  const { me } = useOutletContext<StaffOutletContext>();
  return (
    <RequiresRole role="admin">
      <StaffList myId={me.id} />
    </RequiresRole>
  );
}

function StaffList({ myId }: { myId: string }) {
  const list = useStaffList();
  return (
    <>
      <h1>Staff accounts</h1>
      <InviteForm />
      <h2>Everyone</h2>
      {list.isPending && <p aria-busy="true">Loading…</p>}
      {list.isError && (
        <p className="staff-problem" role="alert">
          {requestErrorMessage(list.error)}
        </p>
      )}
      {list.data && (
        <ul className="staff-people">
          {list.data.staff.map((person) => (
            <StaffCard key={person.id} person={person} isMe={person.id === myId} />
          ))}
        </ul>
      )}
    </>
  );
}

function Outcome({ status }: { status: StaffStatus | null }) {
  if (!status) return null;
  return (
    <p className={status.status === 'succeed' ? 'staff-done' : 'staff-problem'} role="status">
      {status.message}
    </p>
  );
}

const EMPTY_INVITE = { name: '', email: '', roles: [], siteIds: [] } satisfies z.input<typeof staffInviteSchema>;

function InviteForm() {
  const invite = useInviteStaff();
  // Checked by the call's schema when sent, then as the typing goes on.
  const { field, handleSubmit, formState, setValue, setError, reset, watch } = useSchemaForm(staffInviteSchema, {
    mode: 'onSubmit',
    defaultValues: EMPTY_INVITE,
  });
  const [outcome, setOutcome] = useState<StaffStatus | null>(null);
  // The role and site boxes live in the picker: their values go through the form.
  const checkAgain = { shouldValidate: formState.isSubmitted };
  const submit = handleSubmit(
    async (payload) => {
      setOutcome(null);
      try {
        const answer = await invite.mutateAsync(payload);
        // A refusal the server ties to a field (a site id that names no site) goes beside that field.
        const refused = fieldRefusal(answer)[0];
        if (refused) setError(String(refused.path[0]) as keyof typeof EMPTY_INVITE, { message: refused.message });
        setOutcome(refused ? null : answer);
        if (answer.status === 'succeed') reset(EMPTY_INVITE);
      } catch (error) {
        setOutcome({ status: 'failed', message: requestErrorMessage(error) });
      }
    },
    () => setOutcome(null),
  );
  return (
    <form className="staff-form staff-card" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title">Invite someone</h2>
      <p>They get an e-mail with a link to choose a password and set up their sign-in code.</p>
      <TextField label="Name" {...field('name')} />
      <TextField label="E-mail address" type="email" {...field('email')} />
      <RolePicker
        roles={watch('roles')}
        siteIds={watch('siteIds') ?? []}
        onRoles={(roles) => setValue('roles', roles, checkAgain)}
        onSiteIds={(siteIds) => setValue('siteIds', siteIds, checkAgain)}
        rolesError={fieldErrorText(formState.errors, 'roles')}
        sitesError={fieldErrorText(formState.errors, 'siteIds')}
      />
      <Outcome status={outcome} />
      <button type="submit" className="staff-button" disabled={invite.isPending}>
        Send invitation
      </button>
    </form>
  );
}

function StaffCard({ person, isMe }: { person: StaffListEntry; isMe: boolean }) {
  const setRolesCall = useSetStaffRoles();
  const setDisabledCall = useSetStaffDisabled();
  const [roles, setRoles] = useState<StaffRole[]>(person.roles);
  const [sites, setSites] = useState<string[]>(person.siteIds);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [outcome, setOutcome] = useState<StaffStatus | null>(null);
  const run = async (call: () => Promise<StaffStatus>) => {
    setOutcome(null);
    try {
      const answer = await call();
      const refused = fieldRefusal(answer);
      if (refused.length > 0) setIssues(refused);
      else setOutcome(answer);
    } catch (error) {
      setOutcome({ status: 'failed', message: requestErrorMessage(error) });
    }
  };
  const saveRoles = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffSetRolesSchema.safeParse({ staffId: person.id, roles, siteIds: sites });
    setIssues(parsed.success ? [] : parsed.error.issues);
    if (parsed.success) await run(() => setRolesCall.mutateAsync(parsed.data));
  };
  const disabled = person.state === 'disabled';
  return (
    <li className="staff-card" aria-labelledby={`person-${person.id}`}>
      <h3 id={`person-${person.id}`}>
        {person.name}
        {isMe && ' (you)'}
      </h3>
      <p>
        {person.email} · {STATE_LABELS[person.state]} · {roleNames(person.roles)}
      </p>
      <details>
        <summary>Change roles of {person.name}</summary>
        <form onSubmit={(event) => void saveRoles(event)} noValidate className="staff-form">
          <RolePicker
            roles={roles}
            siteIds={sites}
            onRoles={setRoles}
            onSiteIds={setSites}
            rolesError={issueFor(issues, 'roles')}
            sitesError={issueFor(issues, 'siteIds')}
          />
          <button type="submit" className="staff-button" disabled={setRolesCall.isPending}>
            Save roles
          </button>
        </form>
      </details>
      {!isMe && (
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={setDisabledCall.isPending}
          onClick={() => void run(() => setDisabledCall.mutateAsync({ staffId: person.id, disabled: !disabled }))}
        >
          {disabled ? `Enable ${person.name}` : `Disable ${person.name}`}
        </button>
      )}
      {/* Not for oneself (a lock-out risk: Your sign-in serves them) nor a disabled account (enabling is its own change). */}
      {!isMe && !disabled && <ResetSignIn person={person} onOutcome={(answer) => void run(() => answer)} />}
      <Outcome status={outcome} />
    </li>
  );
}

/** "Send a new set-up link" (a lost phone), asked once more in a dialog naming the member; the answer shows on their card. */
function ResetSignIn({ person, onOutcome }: { person: StaffListEntry; onOutcome: (answer: Promise<StaffStatus>) => void }) {
  const reset = useResetStaffSignIn();
  const [asking, setAsking] = useState(false);
  const send = async () => {
    const answer = reset.mutateAsync({ staffId: person.id });
    // Settled first, so the dialog closes (and gives focus back) before the outcome is announced.
    await answer.catch(() => undefined);
    setAsking(false);
    onOutcome(answer);
  };
  return (
    <>
      <button type="button" className="staff-button staff-button--quiet" onClick={() => setAsking(true)}>
        {STAFF_TEXTS.resetAction}
      </button>
      {asking && (
        <ModalDialog
          title={STAFF_TEXTS.resetTitle(person.name)}
          onClose={() => setAsking(false)}
          closeLabel={STAFF_TEXTS.resetCancel}
          actions={
            <button
              type="button"
              className="staff-button"
              disabled={reset.isPending}
              aria-busy={reset.isPending}
              onClick={() => void send()}
            >
              {reset.isPending ? STAFF_TEXTS.resetSending : STAFF_TEXTS.resetConfirm}
            </button>
          }
        >
          <p>{STAFF_TEXTS.resetExplained(person.email)}</p>
        </ModalDialog>
      )}
    </>
  );
}
