import { useState } from 'react';
import type { SkillUpAnswer } from '@testerhub/shared/perks-schemas';
import { MessagePopup } from '../../components/message-popup';
import { ModalDialog } from '../../components/modal-dialog';
import { shownFailure } from '../../lib/query-status';
import { sanitizeHtml } from '../../lib/sanitize-html';
import { useSkillDetail } from './api/get-detail-info';
import { useSkills } from './api/get-skills';
import { useSkillUp } from './api/skill-up';
import { missingConditions, perkLevelText, usePerksTexts } from './perks-texts';
import './perks.css';

interface SkillTreePopupProps {
  onClose: () => void;
  /** Reloads the shell's coins after an upgrade. */
  refreshProfile: () => void;
}

type Outcome = { kind: 'upgraded'; name: string; level: number; effect: string } | { kind: 'failed'; message: string; reasons?: string[] };

/**
 * The skill tree (spec 3, "Perks (skill tree)"; popup skillTree): the perks with 'Lv N' or 'None';
 * a chosen perk's current and next effect and requirements; Upgrade only when the next level is
 * active; 'Perk Upgraded' with the new level and effect, or 'Not enough conditions' with the condition missing.
 */
export function SkillTreePopup({ onClose, refreshProfile }: SkillTreePopupProps) {
  const t = usePerksTexts();
  const skills = useSkills();
  const [chosen, setChosen] = useState<number | null>(null);
  const detail = useSkillDetail(chosen);
  const upgrade = useSkillUp();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (outcome?.kind === 'upgraded') {
    return (
      <ModalDialog title={t('upgraded')} onClose={() => setOutcome(null)}>
        <p data-testid="perk-upgraded">
          {outcome.name}: {perkLevelText(t, outcome.level)}. {outcome.effect}.
        </p>
      </ModalDialog>
    );
  }
  if (outcome?.kind === 'failed') {
    const reasons = outcome.reasons?.length ? (
      <ul data-testid="perk-missing">
        {outcome.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    ) : undefined;
    return <MessagePopup data={outcome.message} message={reasons} onClose={() => setOutcome(null)} />;
  }

  const levels = detail.data?.skills ?? [];
  const type = levels[0]?.skillType;
  const current = levels.find((level) => level.level === type?.level);
  const next = levels.find((level) => level.level === (type?.level ?? 0) + 1);
  const onAnswer = (answer: SkillUpAnswer) => {
    if (answer.status === 'succeed') {
      refreshProfile();
      setOutcome({ kind: 'upgraded', name: type?.name ?? '', level: answer.level, effect: answer.effect });
    } else if (answer.status === 'maxLevel') {
      setOutcome({ kind: 'failed', message: t('maxLevel') });
    } else {
      setOutcome({ kind: 'failed', message: t('notEnough'), reasons: missingConditions(t, answer) });
    }
  };

  return (
    <ModalDialog title={t('title')} onClose={onClose} focusKey={chosen === null ? 'grid' : `perk-${chosen}`}>
      {skills.isPending && <p role="status">{t('loadingPerks')}</p>}
      {skills.isError && shownFailure(skills.error) && <p role="alert">{t('failed')}</p>}
      {skills.data && (
        <ul className="perk-grid" aria-label={t('perksList')}>
          {skills.data.testerSkillTypes.map((perk) => (
            <li key={perk.skillTypeID}>
              <button
                type="button"
                className="perk-grid__perk"
                aria-pressed={chosen === perk.skillTypeID}
                onClick={() => setChosen(perk.skillTypeID)}
              >
                <img src={perk.imageSrc} alt="" width={40} height={40} />
                <span className="perk-grid__name">{perk.name}</span>
                <span className="perk-grid__level">{perkLevelText(t, perk.level)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen !== null && detail.isPending && <p role="status">{t('loadingPerk')}</p>}
      {chosen !== null && detail.isError && shownFailure(detail.error) && <p role="alert">{t('failed')}</p>}
      {type && (
        <section className="perk-detail" aria-labelledby="perk-detail-title" data-testid="perk-detail">
          <h3 id="perk-detail-title">{type.name}</h3>
          <p>{type.description}</p>
          <dl className="perk-detail__effects">
            <div>
              <dt>{t('now', { level: perkLevelText(t, type.level) })}</dt>
              <dd>{current?.effect ?? t('noEffect')}</dd>
            </div>
            <div>
              <dt>{t('next')}</dt>
              <dd>{next ? `${perkLevelText(t, next.level)}: ${next.effect}` : t('maxLevel')}</dd>
            </div>
          </dl>
          {next && (
            <>
              <h4>{t('requirements')}</h4>
              <ul className="perk-detail__requirements">
                <li>{t('requireLevel', { n: next.requireLevel })}</li>
                <li>{t('requireCoins', { n: next.requireCoins })}</li>
              </ul>
              <div className="perk-detail__condition" dangerouslySetInnerHTML={{ __html: sanitizeHtml(next.requireConditionsDesc) }} />
              <button
                type="button"
                className="button button--primary"
                disabled={!next.active || upgrade.isPending}
                onClick={() =>
                  upgrade.mutate(type.skillTypeID, {
                    onSuccess: onAnswer,
                    onError: (error) => shownFailure(error) && setOutcome({ kind: 'failed', message: t('failed') }),
                  })
                }
              >
                {t('upgrade')}
              </button>
            </>
          )}
        </section>
      )}
    </ModalDialog>
  );
}
