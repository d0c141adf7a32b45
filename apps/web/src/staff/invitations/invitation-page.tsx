import { Link, useParams, useSearchParams } from 'react-router';
import { Pages, RequiresRole } from '../shell/staff-page-parts';
import type { InvitationDetailResponse, InvitationRecipient, RecipientState } from '@testerhub/shared/invitation-schemas';
import { namedCode, PROJECT_TYPE_TEXTS } from '@testerhub/shared/staff-words';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { useInvitation } from '../api/invitations';
import { CountsList, when } from './invitation-counts';

const STATE_LABELS: Record<RecipientState, string> = {
  queued: 'Waiting to be sent',
  sent: 'Sent',
  skipped: 'Skipped: e-mail turned off',
};

/** Recruiters: one invitation's filters, counts and recipients with each one's state (decision 052). */
export function InvitationPage() {
  usePageTitle('Invitation');
  return (
    <RequiresRole role="recruiter">
      <Invitation />
    </RequiresRole>
  );
}

function Invitation() {
  const params = useParams();
  const invitationId = Number(params.invitationId);
  const [search, setSearch] = useSearchParams();
  const page = Number(search.get('page') ?? '1') || 1;
  const valid = Number.isInteger(invitationId) && invitationId > 0;
  const detail = useInvitation({ invitationId: valid ? invitationId : 0, page });
  const goTo = (next: number) => setSearch(next > 1 ? new URLSearchParams({ page: String(next) }) : new URLSearchParams());
  if (!valid)
    return (
      <>
        <h1>Invitation</h1>
        <p className="staff-problem" role="alert">
          This is not an invitation’s address. <Link to="/staff/invitations">All invitations</Link>
        </p>
      </>
    );
  return (
    <>
      <p>
        <Link to="/staff/invitations">All invitations</Link>
      </p>
      {detail.isPending && (
        <>
          <h1>Invitation #{invitationId}</h1>
          <p aria-busy="true">Loading the invitation…</p>
        </>
      )}
      {detail.isError && (
        <>
          <h1>Invitation #{invitationId}</h1>
          <div role="alert">
            <p className="staff-problem">{requestErrorMessage(detail.error)}</p>
            <button type="button" className="staff-button staff-button--quiet" onClick={() => void detail.refetch()}>
              Try again
            </button>
          </div>
        </>
      )}
      {detail.data && !detail.data.invitation && (
        <>
          <h1>Invitation #{invitationId}</h1>
          <p className="staff-problem" role="alert">
            {detail.data.message}
          </p>
        </>
      )}
      {detail.data?.invitation && <Loaded data={detail.data} refreshing={detail.isFetching} onRefresh={() => void detail.refetch()} />}
      {detail.data?.invitation && (
        <Pages page={detail.data.page} hasMore={detail.data.hasMore} label="Recipient pages" onPage={(next) => goTo(next)} />
      )}
    </>
  );
}

function filtersText(filters: NonNullable<InvitationDetailResponse['invitation']>['filters']) {
  const parts: string[] = [];
  if (filters.minAge !== null || filters.maxAge !== null) parts.push(`ages ${filters.minAge ?? 'any'} to ${filters.maxAge ?? 'any'}`);
  parts.push(filters.siteIds.length > 0 ? `sites ${filters.siteIds.join(', ')}` : 'every site');
  if (filters.answerIds.length > 0)
    parts.push(`${filters.answerIds.length} About-me ${filters.answerIds.length === 1 ? 'answer' : 'answers'}`);
  if (filters.notTestedMonths !== null) parts.push(`not tested in the last ${filters.notTestedMonths} months`);
  const tookPart = [
    ...(filters.excludeStudyNos.length > 0
      ? [`${filters.excludeStudyNos.length === 1 ? 'study' : 'studies'} ${filters.excludeStudyNos.join(', ')}`]
      : []),
    ...filters.excludeProjectTypes.map((projectType) => `any ${namedCode(PROJECT_TYPE_TEXTS, projectType)}`),
  ];
  if (tookPart.length > 0)
    parts.push(
      `leaving out who took part in ${tookPart.join(' or ')}${filters.excludeWithinMonths === null ? '' : ` in the last ${filters.excludeWithinMonths} months`}`,
    );
  return parts.join('; ');
}

function Loaded({ data, refreshing, onRefresh }: { data: InvitationDetailResponse; refreshing: boolean; onRefresh: () => void }) {
  const invitation = data.invitation!;
  const waiting = invitation.counts.queued - invitation.counts.sent - invitation.counts.skipped;
  usePageTitle(`Invitation #${invitation.invitationId}`);
  return (
    <>
      <h1>
        Invitation #{invitation.invitationId}: {invitation.studyName || `Study ${invitation.studyNo}`}
      </h1>
      <dl className="staff-facts staff-order-facts">
        <dt>Study</dt>
        <dd>{invitation.studyNo}</dd>
        <dt>Sent by</dt>
        <dd>{invitation.createdBy}</dd>
        <dt>Created</dt>
        <dd>
          <time dateTime={invitation.createdAt}>{when(invitation.createdAt)}</time>
        </dd>
        <dt>Filters</dt>
        <dd>{filtersText(invitation.filters)}</dd>
      </dl>
      <h2>Counts</h2>
      <CountsList counts={invitation.counts} />
      <div role="status" aria-live="polite">
        {waiting > 0 && <p>{waiting} e-mails are waiting for their turn at the sending rate; this page updates itself.</p>}
      </div>
      <p>
        <button type="button" className="staff-button staff-button--quiet" onClick={onRefresh} disabled={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </p>
      <h2>Recipients</h2>
      {data.recipients.length === 0 ? (
        <p>No recipients.</p>
      ) : (
        <ol className="staff-people" data-testid="recipients" aria-busy={refreshing}>
          {data.recipients.map((recipient) => (
            <RecipientCard key={recipient.testerId} recipient={recipient} />
          ))}
        </ol>
      )}
    </>
  );
}

function RecipientCard({ recipient }: { recipient: InvitationRecipient }) {
  const headingId = `recipient-${recipient.testerId}`;
  return (
    <li className="staff-card" aria-labelledby={headingId} data-testid="recipient">
      <h3 id={headingId} className="staff-order-title">
        {recipient.username}
      </h3>
      <dl className="staff-facts staff-order-facts">
        <dt>State</dt>
        <dd data-testid="recipient-state">{STATE_LABELS[recipient.state]}</dd>
        <dt>Sent</dt>
        <dd>{recipient.sentAt ? <time dateTime={recipient.sentAt}>{when(recipient.sentAt)}</time> : 'Not yet'}</dd>
        <dt>Clicked</dt>
        <dd data-testid="recipient-clicked">
          {recipient.clickedAt ? <time dateTime={recipient.clickedAt}>{when(recipient.clickedAt)}</time> : 'Not yet'}
        </dd>
        <dt>Answered</dt>
        <dd>{recipient.answered ? 'Yes: screened or booked' : 'Not yet'}</dd>
      </dl>
    </li>
  );
}
