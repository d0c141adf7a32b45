import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { REDEEM_LIMITS, isAffordable, rewardNoSchema, type Reward, type SpendCoinStatus } from '@testerhub/shared/redeem-schemas';
import { ModalDialog } from '../../components/modal-dialog';
import { useLanguage } from '../../hooks/use-entry-language';
import { usePortalContext } from '../../hooks/use-portal-context';
import { viewStatus } from '../../lib/query-status';
import { isUnauthenticated } from '../../lib/request-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useCurrentCoin } from './api/get-current-coin';
import { useRewardList } from './api/get-reward-list';
import { useSpendCoin } from './api/spend-coin';
import { coinsText, useRedeemTexts, type RedeemTranslate } from './redeem-texts';
import './coins.css';

/** The radio group's value (a string) read as the SpendCoin body, by the shared rule. */
const redeemFormSchema = z.object({ rItemNo: z.string({ error: 'Choose a reward.' }).transform(Number).pipe(rewardNoSchema) });

/** What the popup says after a spend: the server's status, or 'failed' when the call itself failed. */
const outcomeOf = (t: RedeemTranslate, status: SpendCoinStatus): { title: string; text: string; tone: 'info' | 'error' } => {
  switch (status) {
    case 'succeed':
      return { title: t('succeeded'), text: t('succeededDetail', { days: REDEEM_LIMITS.issueReportDays }), tone: 'info' };
    case 'failed':
      return { title: t('failed'), text: t('failedDetail'), tone: 'error' };
    case 'changeEmailAddress':
      return { title: t('emailFailedTitle'), text: t('emailFailed'), tone: 'error' };
  }
};

/**
 * /popup/redeem-item (spec 3, "Redeem"): the rewards with a radio choice, the coin balance, 'Get a
 * reward' (enabled only for a reward the balance pays for), then success or failure. A success
 * refreshes the balance here and the coins in the portal's nav.
 */
export function RedeemItemPopup({ onClose }: { onClose: () => void }) {
  const t = useRedeemTexts();
  const language = useLanguage();
  const title = t('redeemTitle');
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
    const shown = outcomeOf(t, outcome);
    return (
      <ModalDialog
        title={shown.title}
        tone={shown.tone}
        onClose={onClose}
        focusKey={`outcome-${outcome}`}
        actions={
          outcome === 'succeed' ? undefined : (
            <button type="button" className="button button--outline" onClick={() => setOutcome(null)}>
              {t('backToRewards')}
            </button>
          )
        }
      >
        <p>{shown.text}</p>
        {balance.data && (
          <p className="redeem__balance">
            {t('yourBalance')} {coinsText(t, language, balance.data.coins)}
          </p>
        )}
      </ModalDialog>
    );
  }

  if (status === 'pending') {
    return (
      <ModalDialog title={title} onClose={onClose} focusKey="loading">
        <p role="status">{t('loadingRewards')}</p>
      </ModalDialog>
    );
  }

  if (status === 'error') {
    return (
      <ModalDialog
        title={title}
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
            {t('tryAgain')}
          </button>
        }
      >
        <p role="alert">{t('rewardsFailed')}</p>
      </ModalDialog>
    );
  }

  const coins = balance.data?.coins ?? 0;
  const list = rewards.data ?? [];
  const chosen = list.find((reward) => String(reward.rItemNo) === chosenNo);
  const canRedeem = chosen !== undefined && isAffordable(chosen, coins) && !spend.isPending;

  return (
    <ModalDialog title={title} onClose={onClose} focusKey="choose">
      <p className="redeem__balance">
        {t('yourBalance')} {coinsText(t, language, coins)}
      </p>
      {list.length === 0 ? (
        <p>{t('noRewards')}</p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="redeem__choices">
            <legend>{t('chooseReward')}</legend>
            {list.map((reward) => (
              <RewardChoice
                key={reward.rItemNo}
                reward={reward}
                affordable={isAffordable(reward, coins)}
                field={form.register('rItemNo')}
              />
            ))}
          </fieldset>
          <p className="redeem__note">{t('processedNote')}</p>
          <button
            type="submit"
            className="button button--primary"
            disabled={!canRedeem}
            aria-busy={spend.isPending}
            aria-describedby={chosen ? undefined : 'redeem-choose-first'}
          >
            {t('getReward')}
          </button>
          {!chosen && (
            <p id="redeem-choose-first" className="button-reason">
              {t('chooseFirst')}
            </p>
          )}
        </form>
      )}
    </ModalDialog>
  );
}

function RewardChoice({ reward, affordable, field }: { reward: Reward; affordable: boolean; field: UseFormRegisterReturn<'rItemNo'> }) {
  const t = useRedeemTexts();
  const language = useLanguage();
  const id = `reward-${reward.rItemNo}`;
  return (
    <div className={affordable ? 'redeem__choice' : 'redeem__choice redeem__choice--short'}>
      <input type="radio" id={id} value={String(reward.rItemNo)} disabled={!affordable} {...field} />
      <label htmlFor={id}>
        <img src={reward.rItemImagePath} alt="" width={80} height={50} />
        <span className="redeem__name">{reward.rItemName}</span>
        <span className="redeem__cost">
          {coinsText(t, language, reward.rItemCoins)}
          {!affordable && t('notEnoughCoins')}
        </span>
      </label>
    </div>
  );
}
