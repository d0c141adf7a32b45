import { useState, type FormEvent } from 'react';
import {
  PERK_LEVEL_LIMITS,
  PERK_TEXT_LIMITS,
  perkEffectMax,
  perkSettingsSchema,
  type PerkSaveResponse,
  type PerkSettingsView,
} from '@testerhub/shared/perks-settings-schemas';
import { TextAreaField, TextField } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { requestErrorMessage } from '../../lib/request-error';
import { usePerksSettings, useSavePerk } from '../api/perks-settings';
import { SubmitButton } from '../shell/staff-page-parts';
import { errorsOf, numberOf, Section, type Errors } from './loyalty-settings-page';

/** What each effect's figure means, as the form labels it (decision 038: the total at that level). */
const EFFECT_FIGURE_LABELS: Record<string, string> = {
  extraSpins: 'Extra spins a week',
  drawingDiscount: 'Coins off a drawing entry',
  dailyBonusCoins: 'Extra coins each daily bonus',
};

interface LevelDraft {
  effect: string;
  effectValue: string;
  requireLevel: string;
  requireCoins: string;
  requireConditionsDesc: string;
}
const draftOf = (row: PerkSettingsView['levels'][number]): LevelDraft => ({
  effect: row.effect,
  effectValue: String(row.effectValue),
  requireLevel: String(row.requireLevel),
  requireCoins: String(row.requireCoins),
  requireConditionsDesc: row.requireConditionsDesc,
});
const EMPTY_LEVEL: LevelDraft = { effect: '', effectValue: '', requireLevel: '', requireCoins: '', requireConditionsDesc: '' };

/** Content staff: each perk's name, description and levels, one form per perk (issue 12 section 6; decision 064). */
export function PerksSection() {
  const perks = usePerksSettings();
  return (
    <Section
      id="perks"
      title="Perks"
      intro="Each perk’s name, description and levels: what a level does (in words for testers, and the figure the server adds), the tester level and coins it takes, and the condition testers read. A level testers hold cannot be removed. An upgrade pays the level as saved when it runs."
      query={perks}
      outcome={null}
    >
      {perks.data?.perks.length === 0 && <p>There are no perks yet.</p>}
      {perks.data?.perks.map((perk) => (
        <PerkCard key={perk.skillTypeId} perk={perk} highestLevel={perks.data.highestLevel} />
      ))}
    </Section>
  );
}

/** One perk: its outcome line outlives the form, which starts again from what is stored after each save. */
function PerkCard({ perk, highestLevel }: { perk: PerkSettingsView; highestLevel: number }) {
  const [outcome, setOutcome] = useState<PerkSaveResponse | null>(null);
  // Keyed by version: after a save (or a refused stale one) the form starts from what is stored.
  return <PerkForm key={perk.version} perk={perk} highestLevel={highestLevel} outcome={outcome} setOutcome={setOutcome} />;
}

function PerkForm({
  perk,
  highestLevel,
  outcome,
  setOutcome,
}: {
  perk: PerkSettingsView;
  highestLevel: number;
  outcome: PerkSaveResponse | null;
  setOutcome: (outcome: PerkSaveResponse | null) => void;
}) {
  const save = useSavePerk();
  const [name, setName] = useState(perk.name);
  const [description, setDescription] = useState(perk.description);
  const [levels, setLevels] = useState(() => perk.levels.map(draftOf));
  const [errors, setErrors] = useState<Errors>({});
  const fewest = Math.max(PERK_LEVEL_LIMITS.min, perk.heldUpTo);
  const figureLabel = EFFECT_FIGURE_LABELS[perk.effectKey] ?? 'Effect figure';
  const headingId = `perk-${perk.skillTypeId}`;
  const change = (index: number, field: keyof LevelDraft, value: string) =>
    setLevels((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = perkSettingsSchema({ effectKey: perk.effectKey, highestLevel }).safeParse({
      version: perk.version,
      skillTypeId: perk.skillTypeId,
      name,
      description,
      levels: levels.map((row) => ({
        effect: row.effect,
        effectValue: numberOf(row.effectValue),
        requireLevel: numberOf(row.requireLevel),
        requireCoins: numberOf(row.requireCoins),
        requireConditionsDesc: row.requireConditionsDesc,
      })),
    });
    setErrors(parsed.success ? {} : errorsOf(parsed.error));
    if (!parsed.success) return;
    try {
      const answer = await save.mutateAsync(parsed.data);
      setOutcome(answer);
      // A rule only the server checks (testers holding a level) is shown at its field too.
      if (answer.status === 'failed' && answer.field) setErrors({ [answer.field]: answer.message });
    } catch (error) {
      const field = error instanceof ApiRequestError ? error.field : undefined;
      setOutcome({ status: 'failed', message: requestErrorMessage(error) });
      if (field) setErrors({ [field]: requestErrorMessage(error) });
    }
  };

  return (
    <form className="staff-form loyalty-perk" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>{perk.name}</h3>
      <div role="status" aria-live="polite">
        {outcome && <p className={outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{outcome.message}</p>}
      </div>
      <div className="loyalty-figures">
        <TextField
          label="Name"
          value={name}
          maxLength={PERK_TEXT_LIMITS.name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name ?? null}
        />
        <TextAreaField
          label="Description"
          rows={2}
          value={description}
          maxLength={PERK_TEXT_LIMITS.description}
          onChange={(event) => setDescription(event.target.value)}
          error={errors.description ?? null}
        />
      </div>
      <ol className="loyalty-perk-levels">
        {levels.map((row, index) => (
          // Levels are their places in the list: the key is the place.
          <li key={index}>
            <fieldset className="loyalty-group">
              <legend>
                {perk.name} level {index + 1}
              </legend>
              <TextField
                label="Effect (what testers read)"
                value={row.effect}
                maxLength={PERK_TEXT_LIMITS.effect}
                onChange={(event) => change(index, 'effect', event.target.value)}
                error={errors[`levels.${index}.effect`] ?? null}
              />
              <TextField
                label={figureLabel}
                hint={`0 to ${perkEffectMax(perk.effectKey).toLocaleString('en-US')}: the total at this level.`}
                inputMode="numeric"
                value={row.effectValue}
                onChange={(event) => change(index, 'effectValue', event.target.value)}
                error={errors[`levels.${index}.effectValue`] ?? null}
              />
              <TextField
                label="Tester level needed"
                hint={`1 to ${highestLevel}.`}
                inputMode="numeric"
                value={row.requireLevel}
                onChange={(event) => change(index, 'requireLevel', event.target.value)}
                error={errors[`levels.${index}.requireLevel`] ?? null}
              />
              <TextField
                label="Coins to upgrade"
                inputMode="numeric"
                value={row.requireCoins}
                onChange={(event) => change(index, 'requireCoins', event.target.value)}
                error={errors[`levels.${index}.requireCoins`] ?? null}
              />
              <TextAreaField
                label="Condition (HTML)"
                hint="Shown to testers under the level, cleaned of scripts."
                rows={2}
                value={row.requireConditionsDesc}
                maxLength={PERK_TEXT_LIMITS.condition}
                onChange={(event) => change(index, 'requireConditionsDesc', event.target.value)}
                error={errors[`levels.${index}.requireConditionsDesc`] ?? null}
              />
            </fieldset>
          </li>
        ))}
      </ol>
      <p id={`${headingId}-levels`} className="staff-problem" role={errors.levels ? 'alert' : undefined}>
        {errors.levels}
      </p>
      {perk.heldUpTo > 0 && (
        <p>
          Testers hold up to level {perk.heldUpTo} of this perk: it keeps at least {perk.heldUpTo} level{perk.heldUpTo === 1 ? '' : 's'}.
        </p>
      )}
      <p className="loyalty-actions">
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={levels.length >= PERK_LEVEL_LIMITS.max}
          onClick={() => setLevels((current) => [...current, EMPTY_LEVEL])}
        >
          Add a level to {perk.name}
        </button>
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={levels.length <= fewest}
          onClick={() => setLevels((current) => current.slice(0, -1))}
        >
          Remove {perk.name} level {levels.length}
        </button>
      </p>
      <p>
        <SubmitButton pending={save.isPending} label={`Save ${perk.name}`} />
      </p>
    </form>
  );
}
