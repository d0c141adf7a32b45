import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatCompensation, formatMoment, formatSession } from '@testerhub/shared/schedule-format';
import type { GroupChangeResponse, StaffGroup, StaffGroupsResponse } from '@testerhub/shared/session-admin-schemas';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { useCreateGroup, useSessionGroups, useSetGroupStatus, useUpdateGroup } from '../api/session-groups';
import { EMPTY_GROUP, GroupForm, KIND_LABELS } from './group-form';
import { GroupPeople } from './group-people';
import { MessageComposer } from './message-composer';
import { SentMessages } from './sent-messages';
import { RequiresRole } from '../shell/staff-page-parts';
import { INTEGER_COLUMN_MAX } from '@testerhub/shared/integer-column';

/** The study number of the address, or null when it is not one. */
export function useStudyNo(): number | null {
  const { studyNo } = useParams();
  const value = Number(studyNo);
  return Number.isInteger(value) && value > 0 && value <= INTEGER_COLUMN_MAX ? value : null;
}

/** Recruiters: a study's session groups, added, edited, opened and closed (issue 12 section 2; decision 051). */
export function SessionsPage() {
  usePageTitle('Study sessions');
  const studyNo = useStudyNo();
  return (
    <RequiresRole role="recruiter">
      {studyNo === null ? <p role="alert">That is not a study number.</p> : <Sessions studyNo={studyNo} />}
    </RequiresRole>
  );
}

function Sessions({ studyNo }: { studyNo: number }) {
  const groups = useSessionGroups(studyNo);
  const create = useCreateGroup(studyNo);
  const [adding, setAdding] = useState(false);
  const [messaging, setMessaging] = useState(false);
  const [showSent, setShowSent] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  return (
    <>
      <h1>Sessions{groups.data ? `: ${groups.data.studyName}` : ''}</h1>
      <p>
        Study {studyNo}. <Link to={`/staff/studies/${studyNo}/results`}>Screener results, waiting list and bookings</Link>
      </p>
      <div role="status" aria-live="polite">
        {outcome && <p className="staff-done">{outcome}</p>}
      </div>
      {groups.isPending && <p aria-busy="true">Loading session groups…</p>}
      {groups.isError && (
        <div role="alert">
          <p className="staff-problem">{requestErrorMessage(groups.error)}</p>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void groups.refetch()}>
            Try again
          </button>
        </div>
      )}
      {groups.data && (
        <>
          {adding ? (
            <section className="staff-card" aria-labelledby="add-group">
              <h2 id="add-group">Add a session group</h2>
              <GroupForm
                title="Add a session group"
                sites={groups.data.sites}
                initial={EMPTY_GROUP}
                submitLabel="Add group"
                onCancel={() => setAdding(false)}
                onSave={async (fields) => {
                  const answer = await create.mutateAsync({ studyNo, ...fields });
                  if (answer.status === 'succeed') {
                    setAdding(false);
                    setOutcome(answer.message);
                  }
                  return answer;
                }}
              />
            </section>
          ) : (
            <button type="button" className="staff-button" onClick={() => (setOutcome(null), setAdding(true))}>
              Add a session group
            </button>
          )}
          {messaging ? (
            <MessageComposer
              studyNo={studyNo}
              audience={{ scope: 'study' }}
              onDone={(message) => (setMessaging(false), setOutcome(message))}
              onClose={() => setMessaging(false)}
            />
          ) : (
            <button type="button" className="staff-button staff-button--quiet" onClick={() => (setOutcome(null), setMessaging(true))}>
              Message the study’s people
            </button>
          )}
          {groups.data.groups.length === 0 ? (
            <p>This study has no session groups yet.</p>
          ) : (
            <ol className="staff-people" data-testid="session-groups" aria-busy={groups.isFetching}>
              {groups.data.groups.map((group) => (
                <GroupCard
                  key={group.groupId}
                  studyNo={studyNo}
                  group={group}
                  groups={groups.data.groups}
                  sites={groups.data.sites}
                  onOutcome={setOutcome}
                />
              ))}
            </ol>
          )}
          <button
            type="button"
            className="staff-button staff-button--quiet"
            aria-expanded={showSent}
            onClick={() => setShowSent(!showSent)}
          >
            {showSent ? 'Hide the messages sent' : 'Messages sent to this study’s people'}
          </button>
          {showSent && <SentMessages studyNo={studyNo} />}
        </>
      )}
    </>
  );
}

/** When an open group stops taking bookings, on its site's clock; 'Booking closed' once that has passed. */
export function bookingWindowText(closesAt: string, closed: boolean, timeZone: string): string {
  const moment = formatMoment(closesAt, timeZone);
  return closed ? `Booking closed (since ${moment})` : `Testers can book until ${moment}`;
}

function GroupCard({
  studyNo,
  group,
  groups,
  sites,
  onOutcome,
}: {
  studyNo: number;
  group: StaffGroup;
  /** The study's groups, to move a booking to. */
  groups: StaffGroup[];
  sites: StaffGroupsResponse['sites'];
  onOutcome: (message: string | null) => void;
}) {
  const update = useUpdateGroup(studyNo);
  const setStatus = useSetGroupStatus(studyNo);
  const [editing, setEditing] = useState(false);
  const [showPeople, setShowPeople] = useState(false);
  const [composing, setComposing] = useState<'message' | 'cancel' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = `group-${group.groupId}`;
  const next = group.status === 'Open' ? 'Closed' : 'Open';
  const toggle = async () => {
    setProblem(null);
    onOutcome(null);
    try {
      const answer: GroupChangeResponse = await setStatus.mutateAsync({ groupId: group.groupId, status: next });
      if (answer.status === 'succeed') onOutcome(`Group ${group.cell}: ${answer.message}`);
      else setProblem(answer.message);
    } catch (error) {
      setProblem(requestErrorMessage(error));
    }
  };
  return (
    <li className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="staff-order-title">
        Group {group.cell} ({group.color})
      </h2>
      <dl className="staff-facts staff-order-facts">
        <dt>Kind</dt>
        <dd>{KIND_LABELS[group.kind]}</dd>
        <dt>Site</dt>
        <dd>{group.siteName ?? 'No site (virtual)'}</dd>
        <dt>Sessions</dt>
        <dd>
          <ol className="check-in-sessions">
            {group.sessions.map((session) => (
              <li key={session.testerDay}>
                Day {session.testerDay} of {group.sessions.length}: {formatSession(session.startsAt, session.endsAt, group.timeZone)}
              </li>
            ))}
          </ol>
        </dd>
        {group.pickUpAt && (
          <>
            <dt>Pick-up</dt>
            <dd>{formatMoment(group.pickUpAt, group.timeZone)}</dd>
          </>
        )}
        {group.videoLink && (
          <>
            <dt>Video link</dt>
            <dd>{group.videoLink}</dd>
          </>
        )}
        <dt>Compensation</dt>
        <dd>{formatCompensation(group.coOpCost)}</dd>
        <dt>Seats</dt>
        <dd data-testid="group-seats">
          {group.taken} booked of {group.seats}
          {(group.overbook ?? 0) > 0 && ` (+${group.overbook} overbooked by staff)`}
          {group.held > 0 && `, ${group.held} held for the waiting list`}
        </dd>
        <dt>Status</dt>
        <dd data-testid="group-status">
          {group.status}
          {group.isExternal && ' (external)'}
        </dd>
        {/* Self-schedule stops taking bookings SCHEDULE_NOTICE_HOURS before the first session (issue 29). */}
        {group.status === 'Open' && !group.isExternal && group.bookingClosesAt && (
          <>
            <dt>Bookings</dt>
            <dd data-testid="group-booking-window">{bookingWindowText(group.bookingClosesAt, group.bookingClosed, group.timeZone)}</dd>
          </>
        )}
      </dl>
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      {editing ? (
        <GroupForm
          title={`Edit group ${group.cell}`}
          sites={sites}
          initial={group.fields}
          submitLabel="Save group"
          onCancel={() => setEditing(false)}
          onSave={async (fields) => {
            onOutcome(null);
            const answer = await update.mutateAsync({ groupId: group.groupId, ...fields });
            if (answer.status === 'succeed') {
              setEditing(false);
              onOutcome(`Group ${fields.cell}: ${answer.message}`);
            }
            return answer;
          }}
        />
      ) : (
        <div className="staff-actions">
          <button type="button" className="staff-button staff-button--quiet" onClick={() => setEditing(true)}>
            Edit group {group.cell}
          </button>
          <button type="button" className="staff-button staff-button--quiet" disabled={setStatus.isPending} onClick={() => void toggle()}>
            {next === 'Open' ? `Open group ${group.cell}` : `Close group ${group.cell}`}
          </button>
          <button
            type="button"
            className="staff-button staff-button--quiet"
            aria-expanded={showPeople}
            onClick={() => setShowPeople(!showPeople)}
          >
            {showPeople ? `Hide people in group ${group.cell}` : `People in group ${group.cell}`}
          </button>
          <button
            type="button"
            className="staff-button staff-button--quiet"
            aria-expanded={composing === 'message'}
            onClick={() => setComposing(composing === 'message' ? null : 'message')}
          >
            Message the people of group {group.cell}
          </button>
          {!group.isExternal && (
            <button
              type="button"
              className="staff-button staff-button--quiet"
              aria-expanded={composing === 'cancel'}
              onClick={() => setComposing(composing === 'cancel' ? null : 'cancel')}
            >
              Cancel group {group.cell}
            </button>
          )}
        </div>
      )}
      {composing && (
        <MessageComposer
          key={composing}
          studyNo={studyNo}
          audience={{ scope: 'group', groupId: group.groupId, cell: group.cell }}
          cancelling={composing === 'cancel' ? { booked: group.taken } : undefined}
          onDone={(message) => {
            setComposing(null);
            onOutcome(`Group ${group.cell}: ${message}`);
          }}
          onClose={() => setComposing(null)}
        />
      )}
      {showPeople && <GroupPeople studyNo={studyNo} group={group} groups={groups} />}
    </li>
  );
}
