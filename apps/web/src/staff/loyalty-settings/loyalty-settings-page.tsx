import { useState, type FormEvent, type ReactNode } from 'react';
import { useOutletContext } from 'react-router';
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
import { holdsRole } from '@testerhub/shared/staff-schemas';
import type { z } from 'zod';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { ApiRequestError } from '../../lib/api';
import { requestErrorMessage } from '../../lib/request-error';
import {
  useDailyCalendar,
  useLevels,
  useSaveCalendar,
  useSaveDrawing,
  useSaveLevels,
  useSaveWheel,
  useWheelAndDrawing,
} from '../api/loyalty-settings';
import type { StaffOutletContext } from '../shell/staff-shell';
import { SubmitButton } from '../shell/staff-page-parts';
import { AvatarsSection } from './avatars-section';
import { PerksSection } from './perks-section';
import { DrawingDayField } from './drawing-day-field';
import './loyalty-settings.css';

/** Field errors by the path the shared schema names ('days.4.coins', 'segments', 'spinCost'). */
export type Errors = Record<string, string>;

export function errorsOf(error: z.ZodError): Errors {
  const errors: Errors = {};
  for (const issue of error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** A number typed in a field: blank is missing (the schema says so), anything else as typed. */
export const numberOf = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** Content staff: the daily calendar, the wheel, the weekly drawing and the levels (issue 12 section 6; decision 056). */
export function LoyaltySettingsPage() {
  usePageTitle('Loyalty settings');
  const { me } = useOutletContext<StaffOutletContext>();
  if (!holdsRole(me.roles, 'content'))
    return (
      <p className="staff-problem" role="alert">
        Only staff with the content role can open this page.
      </p>
    );
  return (
    <>
      <h1>Loyalty settings</h1>
      <p>
        What testers earn and spend in the loyalty programme. A saved change applies from testers’ next request: a day already claimed keeps
        what it paid, a started calendar carries on at its day, and this week’s drawing entries keep the cost they paid.
      </p>
      <nav aria-label="Loyalty settings sections" className="loyalty-jump">
        <a href="#daily-calendar">Daily calendar</a>
        <a href="#wheel">Wheel</a>
        <a href="#drawing">Weekly drawing</a>
        <a href="#levels">Levels</a>
        <a href="#avatars">Avatars</a>
        <a href="#perks">Perks</a>
      </nav>
      <CalendarSection />
      <WheelSection />
      <DrawingSection />
      <LevelsSection />
      <AvatarsSection />
      <PerksSection />
    </>
  );
}

/** A section's heading, loading, error (with Try again) and outcome; `children` once the data is there. */
export function Section(props: {
  id: string;
  title: string;
  intro: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  outcome: LoyaltySettingsSaveResponse | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={props.id} className="staff-card loyalty-section">
      <h2 id={props.id}>{props.title}</h2>
      <p>{props.intro}</p>
      <div role="status" aria-live="polite">
        {props.outcome && <p className={props.outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{props.outcome.message}</p>}
      </div>
      {props.query.isPending && <p aria-busy="true">Loading…</p>}
      {props.query.isError && (
        <div role="alert">
          <p className="staff-problem">{requestErrorMessage(props.query.error)}</p>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void props.query.refetch()}>
            Try again
          </button>
        </div>
      )}
      {props.children}
    </section>
  );
}

/** Sends a checked payload; the answer (or the request's failure) becomes the section's outcome. */
async function send(call: () => Promise<LoyaltySettingsSaveResponse>, setOutcome: (outcome: LoyaltySettingsSaveResponse) => void) {
  try {
    setOutcome(await call());
  } catch (error) {
    const field = error instanceof ApiRequestError && error.field ? ` (${error.field})` : '';
    setOutcome({ status: 'failed', message: `${requestErrorMessage(error)}${field}` });
  }
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

function CalendarForm({
  initial,
  onOutcome,
}: {
  initial: DailyCalendarResponse;
  onOutcome: (outcome: LoyaltySettingsSaveResponse | null) => void;
}) {
  const save = useSaveCalendar();
  const [days, setDays] = useState(() => initial.days.map((row) => ({ day: row.day, coins: String(row.coins), exp: String(row.exp) })));
  const [errors, setErrors] = useState<Errors>({});
  const change = (index: number, field: 'coins' | 'exp', value: string) =>
    setDays((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onOutcome(null);
    const parsed = dailyCalendarSettingsSchema.safeParse({
      version: initial.version,
      days: days.map((row) => ({ day: row.day, coins: numberOf(row.coins), exp: numberOf(row.exp) })),
    });
    setErrors(parsed.success ? {} : errorsOf(parsed.error));
    if (parsed.success) await send(() => save.mutateAsync(parsed.data), onOutcome);
  };
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Daily calendar">
      {errors.days && (
        <p className="staff-problem" role="alert">
          {errors.days}
        </p>
      )}
      <div className="loyalty-days">
        {days.map((row, index) => (
          <fieldset key={row.day} className="loyalty-group">
            <legend>Day {row.day}</legend>
            <TextField
              label="Coins"
              inputMode="numeric"
              value={row.coins}
              onChange={(event) => change(index, 'coins', event.target.value)}
              error={errors[`days.${index}.coins`] ?? null}
            />
            <TextField
              label="Experience"
              inputMode="numeric"
              value={row.exp}
              onChange={(event) => change(index, 'exp', event.target.value)}
              error={errors[`days.${index}.exp`] ?? null}
            />
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

type OnOutcome = (outcome: LoyaltySettingsSaveResponse | null) => void;

function WheelForm({ initial, onOutcome }: { initial: WheelAndDrawingResponse['wheel']; onOutcome: OnOutcome }) {
  const save = useSaveWheel();
  const [spinCost, setSpinCost] = useState(String(initial.spinCost));
  const [spinsPerWeek, setSpinsPerWeek] = useState(String(initial.spinsPerWeek));
  const [segments, setSegments] = useState(() =>
    initial.segments.map((segment, index) => ({ key: index, coins: String(segment.coins), percent: String(segment.percent) })),
  );
  const [nextKey, setNextKey] = useState(initial.segments.length);
  const [errors, setErrors] = useState<Errors>({});
  const rates = segments.map((segment) => percentToRate(Number(segment.percent)) ?? 0);
  const total = rateToPercent(rates.reduce((sum, rate) => sum + rate, 0));
  const change = (key: number, field: 'coins' | 'percent', value: string) =>
    setSegments((current) => current.map((segment) => (segment.key === key ? { ...segment, [field]: value } : segment)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onOutcome(null);
    const parsed = wheelSettingsSchema.safeParse({
      version: initial.version,
      spinCost: numberOf(spinCost),
      spinsPerWeek: numberOf(spinsPerWeek),
      segments: segments.map((segment) => ({ coins: numberOf(segment.coins), percent: numberOf(segment.percent) })),
    });
    setErrors(parsed.success ? {} : errorsOf(parsed.error));
    if (parsed.success) await send(() => save.mutateAsync(parsed.data), onOutcome);
  };
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Wheel">
      <div className="loyalty-figures">
        <TextField
          label="Spin cost (coins)"
          inputMode="numeric"
          value={spinCost}
          onChange={(event) => setSpinCost(event.target.value)}
          error={errors.spinCost ?? null}
        />
        <TextField
          label="Spins a week"
          inputMode="numeric"
          value={spinsPerWeek}
          onChange={(event) => setSpinsPerWeek(event.target.value)}
          error={errors.spinsPerWeek ?? null}
        />
      </div>
      <fieldset className="loyalty-segments" aria-describedby="segments-total segments-error">
        <legend>Segments</legend>
        <ol className="loyalty-segment-list">
          {segments.map((segment, index) => (
            <li key={segment.key}>
              <fieldset className="loyalty-group">
                <legend>Segment {index + 1}</legend>
                <TextField
                  label="Coins"
                  inputMode="numeric"
                  value={segment.coins}
                  onChange={(event) => change(segment.key, 'coins', event.target.value)}
                  error={errors[`segments.${index}.coins`] ?? null}
                />
                <TextField
                  label="Chance (%)"
                  inputMode="decimal"
                  value={segment.percent}
                  onChange={(event) => change(segment.key, 'percent', event.target.value)}
                  error={errors[`segments.${index}.percent`] ?? null}
                />
                <button
                  type="button"
                  className="staff-button staff-button--quiet"
                  disabled={segments.length <= WHEEL_SEGMENT_LIMITS.min}
                  onClick={() => setSegments((current) => current.filter((other) => other.key !== segment.key))}
                >
                  Remove segment {index + 1}
                </button>
              </fieldset>
            </li>
          ))}
        </ol>
        <p id="segments-total">Chances add up to {Number(total.toFixed(3))} %.</p>
        <p id="segments-error" className="staff-problem" role={errors.segments ? 'alert' : undefined}>
          {errors.segments}
        </p>
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={segments.length >= WHEEL_SEGMENT_LIMITS.max}
          onClick={() => {
            setSegments((current) => [...current, { key: nextKey, coins: '', percent: '0' }]);
            setNextKey((key) => key + 1);
          }}
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
  const [cost, setCost] = useState(String(initial.goldCardCost));
  const [prize, setPrize] = useState(initial.goldCardPrize);
  const [day, setDay] = useState(String(initial.drawingDay));
  const [errors, setErrors] = useState<Errors>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onOutcome(null);
    const parsed = drawingSettingsSchema.safeParse({
      version: initial.version,
      goldCardCost: numberOf(cost),
      goldCardPrize: prize,
      drawingDay: numberOf(day),
    });
    setErrors(parsed.success ? {} : errorsOf(parsed.error));
    if (parsed.success) await send(() => save.mutateAsync(parsed.data), onOutcome);
  };
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Weekly drawing">
      <div className="loyalty-figures">
        <TextField
          label="Entry cost (coins)"
          inputMode="numeric"
          value={cost}
          onChange={(event) => setCost(event.target.value)}
          error={errors.goldCardCost ?? null}
        />
        <TextField
          label="Prize"
          value={prize}
          maxLength={100}
          onChange={(event) => setPrize(event.target.value)}
          error={errors.goldCardPrize ?? null}
        />
        <DrawingDayField value={day} onChange={setDay} error={errors.drawingDay ?? null} />
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
  const [levels, setLevels] = useState(() => initial.levels.map((row) => String(row.expRequired)));
  const [errors, setErrors] = useState<Errors>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onOutcome(null);
    const parsed = levelsSettingsSchema.safeParse({
      version: initial.version,
      levels: levels.map((value) => ({ expRequired: numberOf(value) })),
    });
    setErrors(parsed.success ? {} : errorsOf(parsed.error));
    if (parsed.success) await send(() => save.mutateAsync(parsed.data), onOutcome);
  };
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Levels">
      <ol className="loyalty-days">
        {levels.map((value, index) => (
          // Levels are their places in the list: the key is the place.
          <li key={index}>
            <TextField
              label={`Level ${index + 1} (experience)`}
              inputMode="numeric"
              value={value}
              onChange={(event) => setLevels((current) => current.map((other, at) => (at === index ? event.target.value : other)))}
              error={errors[`levels.${index}.expRequired`] ?? null}
            />
          </li>
        ))}
      </ol>
      <p className="staff-problem" role={errors.levels ? 'alert' : undefined}>
        {errors.levels}
      </p>
      <p className="loyalty-actions">
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={levels.length >= LEVEL_LIMITS.max}
          onClick={() => setLevels((current) => [...current, ''])}
        >
          Add a level
        </button>
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={levels.length <= LEVEL_LIMITS.min}
          onClick={() => setLevels((current) => current.slice(0, -1))}
        >
          Remove level {levels.length}
        </button>
      </p>
      <p>
        <SubmitButton pending={save.isPending} label="Save the levels" />
      </p>
    </form>
  );
}
