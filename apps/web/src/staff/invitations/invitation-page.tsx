import { Link, useParams } from 'react-router';
import { RequiresRole } from '../shell/staff-page-parts';
import {
  type InvitationDetailResponse,
  type InvitationRecipient,
  type RecipientSort,
  type RecipientState,
} from '@testerhub/shared/invitation-schemas';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { RECIPIENTS_TABLE, useInvitation } from '../api/invitations';
import { CountsList, filtersText, when } from './invitation-counts';
import { DataTable, useTableSearchParams, type TableColumn, type TableState } from '../shell/data-table';

const STATE_LABELS: Record<RecipientState, string> = {
  queued: 'Waiting to be sent',
  sent: 'Sent',
  skipped: 'Skipped: e-mail turned off',
};

/** Recruiters: one invitation's filters, counts and recipients with each one's state (decision 052), in a table the server pages (decision 136). */
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
  const table = useTableSearchParams(RECIPIENTS_TABLE);
  const valid = Number.isInteger(invitationId) && invitationId > 0;
  const detail = useInvitation({ invitationId: valid ? invitationId : 0, ...table.state, sort: table.state.sort as RecipientSort });
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
      {detail.data?.invitation && (
        <Loaded
          data={detail.data}
          refreshing={detail.isFetching}
          onRefresh={() => void detail.refetch()}
          table={table.state}
          onTable={table.onChange}
        />
      )}
    </>
  );
}

function Loaded({
  data,
  refreshing,
  onRefresh,
  table,
  onTable,
}: {
  data: InvitationDetailResponse;
  refreshing: boolean;
  onRefresh: () => void;
  table: TableState;
  onTable: (next: TableState) => void;
}) {
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
      <DataTable
        caption={`Recipients of invitation #${invitation.invitationId}`}
        columns={RECIPIENT_COLUMNS}
        rows={data.recipients}
        total={data.total}
        state={table}
        onChange={onTable}
        rowKey={(recipient) => recipient.testerId}
        rowTestId="recipient"
        filterLabel="Find a username"
        empty={table.q === '' ? 'No recipients.' : 'No recipient’s username holds that text.'}
        busy={refreshing}
        testId="recipients"
      />
    </>
  );
}

const RECIPIENT_COLUMNS: readonly TableColumn<InvitationRecipient>[] = [
  { key: 'username', header: 'Username', rowHeader: true, cell: (recipient) => recipient.username },
  { key: 'state', header: 'State', cellTestId: 'recipient-state', cell: (recipient) => STATE_LABELS[recipient.state] },
  {
    key: 'sentAt',
    header: 'Sent',
    firstDir: 'desc',
    cell: (recipient) => (recipient.sentAt ? <time dateTime={recipient.sentAt}>{when(recipient.sentAt)}</time> : 'Not yet'),
  },
  {
    key: 'clickedAt',
    header: 'Clicked',
    firstDir: 'desc',
    cellTestId: 'recipient-clicked',
    cell: (recipient) => (recipient.clickedAt ? <time dateTime={recipient.clickedAt}>{when(recipient.clickedAt)}</time> : 'Not yet'),
  },
  {
    key: 'answered',
    header: 'Answered',
    firstDir: 'desc',
    cell: (recipient) => (recipient.answered ? 'Yes: screened or booked' : 'Not yet'),
  },
];
