import { useState } from 'react';
import { useFieldArray, useWatch, type FieldValues, type UseFormHandleSubmit } from 'react-hook-form';
import {
  dailyCalendarSettingsSchema,
  drawingSettingsSchema,
  LEVEL_LIMITS,
  levelsSettingsSchema,
  percentToRate,
  rateToPercent,
  WHEEL_SEGMENT_LIMITS,
  wheelSettingsSchema,
  type DailyCalendarResponse,
  type LevelsResponse,
  type LoyaltySettingsSaveResponse,
  type WheelAndDrawingResponse,
} from '@testerhub/shared/loyalty-settings-schemas';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { ApiRequestError } from '../../lib/api';
import { listErrorText } from '../../lib/form-errors';
import { requestErrorMessage } from '../../lib/request-error';
import { BLANK_NUMBER, useSchemaForm } from '../../lib/use-schema-form';
import {
  useDailyCalendar,
  useLevels,
  useSaveCalendar,
  useSaveDrawing,
  useSaveLevels,
  useSaveWheel,
  useWheelAndDrawing,
} from '../api/loyalty-settings';
import { SubmitButton, RequiresRole } from '../shell/staff-page-parts';
import { LoyaltySections, Section } from './loyalty-section';
import { AvatarsSection } from './avatars-section';
import { PerksSection } from './perks-section';
import { DrawingDayField } from './drawing-day-field';
import './loyalty-settings.css';

/** Content staff: the daily calendar, the wheel, the weekly drawing and the levels (issue 12 section 6; decision 056). */
export function LoyaltySettingsPage() {
  usePageTitle('Loyalty settings');
  return (
    <RequiresRole role="content">
      <h1>Loyalty settings</h1>
      <p>
        What testers earn and spend in the loyalty programme. A saved change applies from testers’ next request: a day already claimed keeps
        what it paid, a started calendar carries on at its day, and this week’s drawing entries keep the cost they paid.
      </p>
      <p>Each section below opens on its own and saves on its own, with its own message.</p>
      <nav aria-label="Loyalty settings sections" className="loyalty-jump">
        <a href="#daily-calendar">Daily calendar</a>
        <a href="#wheel">Wheel</a>
        <a href="#drawing">Weekly drawing</a>
        <a href="#levels">Levels</a>
        <a href="#avatars">Avatars</a>
        <a href="#perks">Perks</a>
      </nav>
      <LoyaltySections>
        <CalendarSection />
        <WheelSection />
        <DrawingSection />
        <LevelsSection />
        <AvatarsSection />
        <PerksSection />
      </LoyaltySections>
    </RequiresRole>
  );
}

type OnOutcome = (outcome: LoyaltySettingsSaveResponse | null) => void;

/**
 * A section form's submit: the shared schema checks the fields (their messages show beside them);
 * a checked payload is sent and the answer (or the request's failure) becomes the section's outcome.
 */
function saveWith<Payload extends FieldValues>(
  form: { handleSubmit: UseFormHandleSubmit<FieldValues, Payload> },
  save: { mutateAsync: (payload: Payload) => Promise<LoyaltySettingsSaveResponse> },
  onOutcome: OnOutcome,
) {
  return form.handleSubmit(
    async (payload) => {
      onOutcome(null);
      try {
        onOutcome(await save.mutateAsync(payload));
      } catch (error) {
        const field = error instanceof ApiRequestError && error.field ? ` (${error.field})` : '';
        onOutcome({ status: 'failed', message: `${requestErrorMessage(error)}${field}` });
      }
    },
    () => onOutcome(null),
  );
}

function CalendarSection() {
  const calendar = useDailyCalendar();
  const [outcome, setOutcome] = useState<LoyaltySettingsSaveResponse | null>(null);
  return (
    <Section
      id="daily-calendar"
      title="Daily calendar"
      intro="The 28 days of the daily login bonus: the coins and experience each day pays. Every 7th day shows a gold coin, day 28 the special one."
      query={calendar}
      outcome={outcome}
    >
      {calendar.data && (
        // Keyed by version: after a save (or a refused stale one) the form starts from what is stored.
        <CalendarForm key={calendar.data.version} initial={calendar.data} onOutcome={setOutcome} />
      )}
    </Section>
  );
}

function CalendarForm({ initial, onOutcome }: { initial: DailyCalendarResponse; onOutcome: OnOutcome }) {
  const save = useSaveCalendar();
  const form = useSchemaForm(dailyCalendarSettingsSchema, {
    defaultValues: { version: initial.version, days: initial.days.map(({ day, coins, exp }) => ({ day, coins, exp })) },
  });
  const daysError = listErrorText(form.formState.errors, 'days');
  return (
    <form className="staff-form" onSubmit={saveWith(form, save, onOutcome)} noValidate aria-label="Daily calendar">
      {daysError && (
        <p className="staff-problem" role="alert">
          {daysError}
        </p>
      )}
      <div className="loyalty-days">
        {initial.days.map((row, index) => (
          <fieldset key={row.day} className="loyalty-group">
            <legend>Day {row.day}</legend>
            <TextField label="Coins" inputMode="numeric" {...form.numberField(`days.${index}.coins`)} />
            <TextField label="Experience" inputMode="numeric" {...form.numberField(`days.${index}.exp`)} />
          </fieldset>
        ))}
      </div>
      <p>
        <SubmitButton pending={save.isPending} label="Save the calendar" />
      </p>
    </form>
  );
}

// The wheel and the drawing are read in one call; the two sections share its query (one request).
function WheelSection() {
  const settings = useWheelAndDrawing();
  const [outcome, setOutcome] = useState<LoyaltySettingsSaveResponse | null>(null);
  return (
    <Section
      id="wheel"
      title="Wheel"
      intro="What a spin costs, how many spins a tester has each week (perks may add more), and the segments with the chance of each. The chances add up to 100 %."
      query={settings}
      outcome={outcome}
    >
      {settings.data && <WheelForm key={settings.data.wheel.version} initial={settings.data.wheel} onOutcome={setOutcome} />}
    </Section>
  );
}

export function DrawingSection() {
  const settings = useWheelAndDrawing();
  const [outcome, setOutcome] = useState<LoyaltySettingsSaveResponse | null>(null);
  return (
    <Section
      id="drawing"
      title="Weekly drawing"
      intro="What an entry in the weekly gift-card drawing costs (perks may lower it) and the prize the winner gets."
      query={settings}
      outcome={outcome}
    >
      {settings.data && <DrawingForm key={settings.data.drawing.version} initial={settings.data.drawing} onOutcome={setOutcome} />}
    </Section>
  );
}

function WheelForm({ initial, onOutcome }: { initial: WheelAndDrawingResponse['wheel']; onOutcome: OnOutcome }) {
  const save = useSaveWheel();
  const form = useSchemaForm(wheelSettingsSchema, {
    defaultValues: { version: initial.version, spinCost: initial.spinCost, spinsPerWeek: initial.spinsPerWeek, segments: initial.segments },
  });
  const segments = useFieldArray({ control: form.control, name: 'segments' });
  const watched = useWatch({ control: form.control, name: 'segments' });
  const total = rateToPercent(watched.reduce((sum, segment) => sum + (percentToRate(Number(segment?.percent)) ?? 0), 0));
  const segmentsError = listErrorText(form.formState.errors, 'segments');
  return (
    <form className="staff-form" onSubmit={saveWith(form, save, onOutcome)} noValidate aria-label="Wheel">
      <div className="loyalty-figures">
        <TextField label="Spin cost (coins)" inputMode="numeric" {...form.numberField('spinCost')} />
        <TextField label="Spins a week" inputMode="numeric" {...form.numberField('spinsPerWeek')} />
      </div>
      <fieldset className="loyalty-segments" aria-describedby="segments-total segments-error">
        <legend>Segments</legend>
        <ol className="loyalty-segment-list">
          {segments.fields.map((segment, index) => (
            <li key={segment.id}>
              <fieldset className="loyalty-group">
                <legend>Segment {index + 1}</legend>
                <TextField label="Coins" inputMode="numeric" {...form.numberField(`segments.${index}.coins`)} />
                <TextField label="Chance (%)" inputMode="decimal" {...form.numberField(`segments.${index}.percent`)} />
                <button
                  type="button"
                  className="staff-button staff-button--quiet"
                  disabled={segments.fields.length <= WHEEL_SEGMENT_LIMITS.min}
                  onClick={() => segments.remove(index)}
                >
                  Remove segment {index + 1}
                </button>
              </fieldset>
            </li>
          ))}
        </ol>
        <p id="segments-total">Chances add up to {Number(total.toFixed(3))} %.</p>
        <p id="segments-error" className="staff-problem" role={segmentsError ? 'alert' : undefined}>
          {segmentsError}
        </p>
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={segments.fields.length >= WHEEL_SEGMENT_LIMITS.max}
          // A new segment starts with no coins and no chance, so the total stays as it was.
          onClick={() => segments.append({ coins: BLANK_NUMBER, percent: 0 }, { shouldFocus: false })}
        >
          Add a segment
        </button>
      </fieldset>
      <p>
        <SubmitButton pending={save.isPending} label="Save the wheel" />
      </p>
    </form>
  );
}

function DrawingForm({ initial, onOutcome }: { initial: WheelAndDrawingResponse['drawing']; onOutcome: OnOutcome }) {
  const save = useSaveDrawing();
  const form = useSchemaForm(drawingSettingsSchema, {
    defaultValues: {
      version: initial.version,
      goldCardCost: initial.goldCardCost,
      goldCardPrize: initial.goldCardPrize,
      drawingDay: initial.drawingDay,
    },
  });
  return (
    <form className="staff-form" onSubmit={saveWith(form, save, onOutcome)} noValidate aria-label="Weekly drawing">
      <div className="loyalty-figures">
        <TextField label="Entry cost (coins)" inputMode="numeric" {...form.numberField('goldCardCost')} />
        <TextField label="Prize" maxLength={100} {...form.field('goldCardPrize')} />
        <DrawingDayField {...form.numberField('drawingDay')} />
      </div>
      <p>
        <SubmitButton pending={save.isPending} label="Save the drawing" />
      </p>
    </form>
  );
}

function LevelsSection() {
  const levels = useLevels();
  const [outcome, setOutcome] = useState<LoyaltySettingsSaveResponse | null>(null);
  return (
    <Section
      id="levels"
      title="Levels"
      intro="The experience each level needs; level 1 needs 0, where every tester starts. A saved change moves every tester to the level their experience reaches in it."
      query={levels}
      outcome={outcome}
    >
      {levels.data && <LevelsForm key={levels.data.version} initial={levels.data} onOutcome={setOutcome} />}
    </Section>
  );
}

function LevelsForm({ initial, onOutcome }: { initial: LevelsResponse; onOutcome: OnOutcome }) {
  const save = useSaveLevels();
  const form = useSchemaForm(levelsSettingsSchema, {
    defaultValues: { version: initial.version, levels: initial.levels.map(({ expRequired }) => ({ expRequired })) },
  });
  const levels = useFieldArray({ control: form.control, name: 'levels' });
  const levelsError = listErrorText(form.formState.errors, 'levels');
  return (
    <form className="staff-form" onSubmit={saveWith(form, save, onOutcome)} noValidate aria-label="Levels">
      <ol className="loyalty-days">
        {levels.fields.map((level, index) => (
          <li key={level.id}>
            <TextField label={`Level ${index + 1} (experience)`} inputMode="numeric" {...form.numberField(`levels.${index}.expRequired`)} />
          </li>
        ))}
      </ol>
      <p className="staff-problem" role={levelsError ? 'alert' : undefined}>
        {levelsError}
      </p>
      <p className="loyalty-actions">
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={levels.fields.length >= LEVEL_LIMITS.max}
          onClick={() => levels.append({ expRequired: BLANK_NUMBER }, { shouldFocus: false })}
        >
          Add a level
        </button>
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={levels.fields.length <= LEVEL_LIMITS.min}
          onClick={() => levels.remove(levels.fields.length - 1)}
        >
          Remove level {levels.fields.length}
        </button>
      </p>
      <p>
        <SubmitButton pending={save.isPending} label="Save the levels" />
      </p>
    </form>
  );
}
