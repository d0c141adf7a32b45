import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { REDEEM_TEXTS, isAffordable, rewardNoSchema, type Reward, type SpendCoinStatus } from '@testerhub/shared/redeem-schemas';
import { ModalDialog } from '../../components/modal-dialog';
import { usePortalContext } from '../../hooks/use-portal-context';
import { viewStatus } from '../../lib/query-status';
import { isUnauthenticated } from '../../lib/request-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useCurrentCoin } from './api/get-current-coin';
import { useRewardList } from './api/get-reward-list';
import { useSpendCoin } from './api/spend-coin';
import './coins.css';

const TITLE = 'Redeem a reward';

/** The radio group's value (a string) read as the SpendCoin body, by the shared rule. */
const redeemFormSchema = z.object({ rItemNo: z.string({ error: 'Choose a reward.' }).transform(Number).pipe(rewardNoSchema) });

/** What the popup says after a spend: the server's status, or 'failed' when the call itself failed. */
const OUTCOMES: Record<SpendCoinStatus, { title: string; text: string; tone: 'info' | 'error' }> = {
  succeed: { title: REDEEM_TEXTS.succeeded, text: REDEEM_TEXTS.succeededDetail, tone: 'info' },
  failed: { title: REDEEM_TEXTS.failed, text: REDEEM_TEXTS.failedDetail, tone: 'error' },
  changeEmailAddress: { title: REDEEM_TEXTS.emailFailedTitle, text: REDEEM_TEXTS.emailFailed, tone: 'error' },
};

export const coinsText = (coins: number) => `${coins.toLocaleString('en-US')} ${coins === 1 ? 'coin' : 'coins'}`;

/**
 * /popup/redeem-item (spec 3, "Redeem"): the rewards with a radio choice, the coin balance, 'Get a
 * reward' (enabled only for a reward the balance pays for), then success or failure. A success
 * refreshes the balance here and the coins in the portal's nav.
 */
export function RedeemItemPopup({ onClose }: { onClose: () => void }) {
  const rewards = useRewardList();
  const balance = useCurrentCoin();
  const spend = useSpendCoin();
  const portal = usePortalContext();
  const [outcome, setOutcome] = useState<SpendCoinStatus | null>(null);
  const form = useSchemaForm(redeemFormSchema, { defaultValues: { rItemNo: '' } });
  const chosenNo = form.watch('rItemNo');

  const rewardsStatus = viewStatus(rewards);
  const balanceStatus = viewStatus(balance);
  const status = rewardsStatus === 'error' || balanceStatus === 'error' ? 'error' : rewardsStatus === 'pending' ? 'pending' : balanceStatus;

  const submit = form.handleSubmit(({ rItemNo }) => {
    spend.mutate(rItemNo, {
      onSuccess: (answer) => {
        setOutcome(answer.status);
        if (answer.status === 'succeed') portal?.refreshProfile();
      },
      onError: (error) => {
        if (!isUnauthenticated(error)) setOutcome('failed');
      },
    });
  });

  if (outcome) {
    const shown = OUTCOMES[outcome];
    return (
      <ModalDialog
        title={shown.title}
        tone={shown.tone}
        onClose={onClose}
        focusKey={`outcome-${outcome}`}
        actions={
          outcome === 'succeed' ? undefined : (
            <button type="button" className="button button--outline" onClick={() => setOutcome(null)}>
              Back to the rewards
            </button>
          )
        }
      >
        <p>{shown.text}</p>
        {balance.data && <p className="redeem__balance">Your balance: {coinsText(balance.data.coins)}</p>}
      </ModalDialog>
    );
  }

  if (status === 'pending') {
    return (
      <ModalDialog title={TITLE} onClose={onClose} focusKey="loading">
        <p role="status">Loading the rewards…</p>
      </ModalDialog>
    );
  }

  if (status === 'error') {
    return (
      <ModalDialog
        title={TITLE}
        tone="error"
        onClose={onClose}
        focusKey="error"
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              void rewards.refetch();
              void balance.refetch();
            }}
          >
            Try again
          </button>
        }
      >
        <p role="alert">We could not load the rewards. Please try again.</p>
      </ModalDialog>
    );
  }

  const coins = balance.data?.coins ?? 0;
  const list = rewards.data ?? [];
  const chosen = list.find((reward) => String(reward.rItemNo) === chosenNo);
  const canRedeem = chosen !== undefined && isAffordable(chosen, coins) && !spend.isPending;

  return (
    <ModalDialog title={TITLE} onClose={onClose} focusKey="choose">
      <p className="redeem__balance">Your balance: {coinsText(coins)}</p>
      {list.length === 0 ? (
        <p>There are no rewards to redeem right now. Please come back later.</p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="redeem__choices">
            <legend>Choose a reward</legend>
            {list.map((reward) => (
              <RewardChoice
                key={reward.rItemNo}
                reward={reward}
                affordable={isAffordable(reward, coins)}
                field={form.register('rItemNo')}
              />
            ))}
          </fieldset>
          <p className="redeem__note">Rewards are sent once your order has been processed.</p>
          <button
            type="submit"
            className="button button--primary"
            disabled={!canRedeem}
            aria-busy={spend.isPending}
            aria-describedby={chosen ? undefined : 'redeem-choose-first'}
          >
            Get a reward
          </button>
          {!chosen && (
            <p id="redeem-choose-first" className="button-reason">
              Choose a reward first.
            </p>
          )}
        </form>
      )}
    </ModalDialog>
  );
}

function RewardChoice({ reward, affordable, field }: { reward: Reward; affordable: boolean; field: UseFormRegisterReturn<'rItemNo'> }) {
  const id = `reward-${reward.rItemNo}`;
  return (
    <div className={affordable ? 'redeem__choice' : 'redeem__choice redeem__choice--short'}>
      <input type="radio" id={id} value={String(reward.rItemNo)} disabled={!affordable} {...field} />
      <label htmlFor={id}>
        <img src={reward.rItemImagePath} alt="" width={80} height={50} />
        <span className="redeem__name">{reward.rItemName}</span>
        <span className="redeem__cost">
          {coinsText(reward.rItemCoins)}
          {!affordable && ' (not enough coins)'}
        </span>
      </label>
    </div>
  );
}
