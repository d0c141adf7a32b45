import { useMemo, useState } from 'react';
import { useFieldArray, type Path } from 'react-hook-form';
import {
  PERK_LEVEL_LIMITS,
  PERK_TEXT_LIMITS,
  perkEffectMax,
  perkSettingsSchema,
  type PerkSaveResponse,
  type PerkSettings,
  type PerkSettingsView,
} from '@testerhub/shared/perks-settings-schemas';
import { TextAreaField, TextField } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { requestErrorMessage } from '../../lib/request-error';
import { usePerksSettings, useSavePerk } from '../api/perks-settings';
import { SubmitButton } from '../shell/staff-page-parts';
import { listErrorText } from '../../lib/form-errors';
import { BLANK_NUMBER, useSchemaForm } from '../../lib/use-schema-form';
import { Section } from './loyalty-section';

/** What each effect's figure means, as the form labels it (decision 038: the total at that level). */
const EFFECT_FIGURE_LABELS: Record<string, string> = {
  extraSpins: 'Extra spins a week',
  drawingDiscount: 'Coins off a drawing entry',
  dailyBonusCoins: 'Extra coins each daily bonus',
};

/** A level added in the editor: empty boxes, which the schema refuses until they are filled. */
const NEW_LEVEL = {
  effect: '',
  effectValue: BLANK_NUMBER,
  requireLevel: BLANK_NUMBER,
  requireCoins: BLANK_NUMBER,
  requireConditionsDesc: '',
};

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
  const schema = useMemo(() => perkSettingsSchema({ effectKey: perk.effectKey, highestLevel }), [perk.effectKey, highestLevel]);
  const form = useSchemaForm(schema, {
    defaultValues: {
      version: perk.version,
      skillTypeId: perk.skillTypeId,
      name: perk.name,
      description: perk.description,
      levels: perk.levels.map(({ effect, effectValue, requireLevel, requireCoins, requireConditionsDesc }) => ({
        effect,
        effectValue,
        requireLevel,
        requireCoins,
        requireConditionsDesc,
      })),
    },
  });
  const levels = useFieldArray({ control: form.control, name: 'levels' });
  const levelsError = listErrorText(form.formState.errors, 'levels');
  const fewest = Math.max(PERK_LEVEL_LIMITS.min, perk.heldUpTo);
  const figureLabel = EFFECT_FIGURE_LABELS[perk.effectKey] ?? 'Effect figure';
  const headingId = `perk-${perk.skillTypeId}`;
  // A rule only the server checks (testers holding a level) is shown at its field too.
  const showAtField = (field: string | undefined, message: string) => {
    if (field) form.setError(field as Path<PerkSettings>, { type: 'server', message });
  };

  const submit = form.handleSubmit(
    async (payload) => {
      setOutcome(null);
      try {
        const answer = await save.mutateAsync(payload);
        setOutcome(answer);
        if (answer.status === 'failed') showAtField(answer.field, answer.message);
      } catch (error) {
        setOutcome({ status: 'failed', message: requestErrorMessage(error) });
        showAtField(error instanceof ApiRequestError ? error.field : undefined, requestErrorMessage(error));
      }
    },
    () => setOutcome(null),
  );

  return (
    <form className="staff-form loyalty-perk" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>{perk.name}</h3>
      <div role="status" aria-live="polite">
        {outcome && <p className={outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{outcome.message}</p>}
      </div>
      <div className="loyalty-figures">
        <TextField label="Name" maxLength={PERK_TEXT_LIMITS.name} {...form.field('name')} />
        <TextAreaField label="Description" rows={2} maxLength={PERK_TEXT_LIMITS.description} {...form.field('description')} />
      </div>
      <ol className="loyalty-perk-levels">
        {levels.fields.map((level, index) => (
          <li key={level.id}>
            <fieldset className="loyalty-group">
              <legend>
                {perk.name} level {index + 1}
              </legend>
              <TextField label="Effect (what testers read)" maxLength={PERK_TEXT_LIMITS.effect} {...form.field(`levels.${index}.effect`)} />
              <TextField
                label={figureLabel}
                hint={`0 to ${perkEffectMax(perk.effectKey).toLocaleString('en-US')}: the total at this level.`}
                inputMode="numeric"
                {...form.numberField(`levels.${index}.effectValue`)}
              />
              <TextField
                label="Tester level needed"
                hint={`1 to ${highestLevel}.`}
                inputMode="numeric"
                {...form.numberField(`levels.${index}.requireLevel`)}
              />
              <TextField label="Coins to upgrade" inputMode="numeric" {...form.numberField(`levels.${index}.requireCoins`)} />
              <TextAreaField
                label="Condition (HTML)"
                hint="Shown to testers under the level, cleaned of scripts."
                rows={2}
                maxLength={PERK_TEXT_LIMITS.condition}
                {...form.field(`levels.${index}.requireConditionsDesc`)}
              />
            </fieldset>
          </li>
        ))}
      </ol>
      <p id={`${headingId}-levels`} className="staff-problem" role={levelsError ? 'alert' : undefined}>
        {levelsError}
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
          disabled={levels.fields.length >= PERK_LEVEL_LIMITS.max}
          onClick={() => levels.append(NEW_LEVEL, { shouldFocus: false })}
        >
          Add a level to {perk.name}
        </button>
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={levels.fields.length <= fewest}
          onClick={() => levels.remove(levels.fields.length - 1)}
        >
          Remove {perk.name} level {levels.fields.length}
        </button>
      </p>
      <p>
        <SubmitButton pending={save.isPending} label={`Save ${perk.name}`} />
      </p>
    </form>
  );
}
