import { useState, type FormEvent } from 'react';
import { REFERRAL_LIMITS, REFERRAL_STATUSES } from '@testerhub/shared/referral-schemas';
import {
  referralMovesFrom,
  referralStatusSchema,
  type ReferralPipelineItem,
  type StaffQueueChangeResponse,
} from '@testerhub/shared/staff-queues-schemas';
import { SelectField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { useReferrals, useSetReferralStatus } from '../api/queues';
import { ListState, Outcome, report, useStatusFilter, when } from './queue-parts';
import { Pages, RequiresRole, SubmitButton } from '../shell/staff-page-parts';

const FILTER_OPTIONS = [{ value: 'all', label: 'All referrals' }, ...REFERRAL_STATUSES.map((status) => ({ value: status, label: status }))];

/** Recruiters: the referral pipeline, with the statuses that are staff's (decision 054). */
export function ReferralsPage() {
  usePageTitle('Referrals');
  return (
    <RequiresRole role="recruiter">
      <Referrals />
    </RequiresRole>
  );
}

function Referrals() {
  const { status, page, goTo } = useStatusFilter(REFERRAL_STATUSES, 'all');
  const referrals = useReferrals({ status, page });
  const [outcome, setOutcome] = useState<StaffQueueChangeResponse | null>(null);
  return (
    <>
      <h1>Referrals</h1>
      <p>
        Friends testers referred, newest first. Registering and attending a first study move a referral on by themselves; here you set Bad
        Number, Outreach, Paid and Closed. Paid is for a Complete referral and pays the referrer {REFERRAL_LIMITS.rewardCoins} coins and{' '}
        {REFERRAL_LIMITS.rewardExp} experience, unless they already claimed them.
      </p>
      <div className="staff-filters">
        <SelectField
          label="Show"
          value={status ?? 'all'}
          options={FILTER_OPTIONS}
          onChange={(event) => goTo({ status: event.target.value, page: 1 })}
        />
      </div>
      <Outcome outcome={outcome} />
      <ListState query={referrals} loading="Loading referrals…" />
      {referrals.data && referrals.data.referrals.length === 0 && (
        <p>{status ? `No referrals with status ${status}.` : 'No referrals yet.'}</p>
      )}
      {referrals.data && referrals.data.referrals.length > 0 && (
        <ol className="staff-people" data-testid="referrals" aria-busy={referrals.isFetching}>
          {referrals.data.referrals.map((referral) => (
            <ReferralCard key={referral.referralId} referral={referral} onOutcome={setOutcome} />
          ))}
        </ol>
      )}
      {referrals.data && (
        <Pages page={referrals.data.page} hasMore={referrals.data.hasMore} label="Referral pages" onPage={(next) => goTo({ page: next })} />
      )}
    </>
  );
}

function ReferralCard({
  referral,
  onOutcome,
}: {
  referral: ReferralPipelineItem;
  onOutcome: (outcome: StaffQueueChangeResponse | null) => void;
}) {
  const headingId = `referral-${referral.referralId}`;
  const name = `${referral.firstName} ${referral.lastName}`;
  const moves = referralMovesFrom(referral.status);
  const setStatus = useSetReferralStatus();
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = referralStatusSchema.safeParse({ referralId: referral.referralId, status: target });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    const answer = await report(() => setStatus.mutateAsync(parsed.data), name, onOutcome);
    if (answer?.status === 'succeed') setTarget('');
  };
  return (
    <li className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="staff-order-title">
        {name}
      </h2>
      <dl className="staff-facts staff-order-facts">
        <dt>Status</dt>
        <dd data-testid="referral-status">
          {referral.status} since <time dateTime={referral.statusChangedAt}>{when(referral.statusChangedAt)}</time>
        </dd>
        <dt>Referred by</dt>
        <dd>{referral.referrerUsername}</dd>
        <dt>E-mail</dt>
        <dd className="staff-break">{referral.email}</dd>
        <dt>Phone</dt>
        <dd>{referral.phone}</dd>
        <dt>Referred</dt>
        <dd>
          <time dateTime={referral.createdAt}>{when(referral.createdAt)}</time>
        </dd>
        <dt>Reward</dt>
        <dd>{referral.rewardPaid ? 'Paid to the referrer' : 'Not paid'}</dd>
      </dl>
      {moves.length > 0 ? (
        <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Change the status of ${name}`}>
          <SelectField
            label="New status"
            value={target}
            placeholder="Choose…"
            options={moves.map((move) => ({ value: move, label: move }))}
            onChange={(event) => setTarget(event.target.value)}
            error={error ?? null}
          />
          <SubmitButton pending={setStatus.isPending} label="Set status" />
        </form>
      ) : (
        <p>No further status can be set.</p>
      )}
    </li>
  );
}
