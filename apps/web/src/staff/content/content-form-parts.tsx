import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { LoadFailed, RequiresRole, SubmitButton } from '../shell/staff-page-parts';
import { ContentNav } from './content-nav';

/** What a content save answered, shown in the page's status line or beside the form. */
export interface Outcome {
  status: 'succeed' | 'failed';
  message: string;
}

type Parsed<Payload> =
  { success: true; data: Payload } | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };

/** The first message zod gives for each field, keyed by its path ("name", "airportDirections.0.airport"), to show beside it. */
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** Where a form or a card says what a save answered: the page's status line. */
export type OnOutcome = (outcome: Outcome | null) => void;

/** A save's answer, or a failed outcome with the request's error message when the call itself failed. */
export async function outcomeOf<T extends Outcome>(call: () => Promise<T>): Promise<T | Outcome> {
  try {
    return await call();
  } catch (error) {
    return { status: 'failed', message: requestErrorMessage(error) };
  }
}

/**
 * Sends a save and says what it answered: a refusal about one of `fields` goes beside that field
 * (`toField`), anything else (a success, another refusal, a failed request) to the status line.
 */
export async function settleSave<Field extends string, Answer extends Outcome & { field?: string }>(
  call: () => Promise<Answer>,
  fields: readonly Field[],
  toField: (field: Field, message: string) => void,
  onOutcome: OnOutcome,
): Promise<Answer | Outcome> {
  const answer = await outcomeOf(call);
  const field = 'field' in answer ? fields.find((name) => name === answer.field) : undefined;
  if (answer.status === 'failed' && field) toField(field, answer.message);
  else onOutcome(answer);
  return answer;
}

/** What a content page's fields component is handed: the form's fields, their messages, and the change. */
export interface ContentFieldsProps<Fields> {
  fields: Fields;
  errors: Partial<Record<string, string>>;
  onChange: (fields: Fields) => void;
}

/** The names of the fields holding a `Value`. */
type FieldsHolding<Fields, Value> = { [Name in keyof Fields]: Fields[Name] extends Value ? Name : never }[keyof Fields] & string;

/**
 * The wiring every control of a content form repeats, once: `text(name)` gives a text box, text
 * area or select its value, its message and a change that writes that field; `check(name)` gives
 * a checkbox its state and change.
 */
export function bindContentFields<Fields>({ fields, errors, onChange }: ContentFieldsProps<Fields>) {
  return {
    text: (name: FieldsHolding<Fields, string>) => ({
      value: fields[name] as string,
      error: errors[name] ?? null,
      onChange: (event: ChangeEvent<{ value: string }>) => onChange({ ...fields, [name]: event.target.value }),
    }),
    check: (name: FieldsHolding<Fields, boolean>) => ({
      checked: fields[name] as boolean,
      onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ ...fields, [name]: event.target.checked }),
    }),
  };
}

/**
 * A content form's state: the fields, their messages from the shared schema, and `submit`, which
 * checks the fields (nothing is sent while one is wrong) and answers the save's outcome, or null.
 */
export function useContentForm<Fields, Payload, Answer extends Outcome>(
  initial: Fields,
  check: (fields: Fields) => Parsed<Payload>,
  save: (payload: Payload) => Promise<Answer>,
) {
  const [fields, setFields] = useState<Fields>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent): Promise<Answer | Outcome | null> => {
    event.preventDefault();
    const parsed = check(fields);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return null;
    return outcomeOf(() => save(parsed.data));
  };
  return { fields, setFields, errors, submit };
}

/** An add form's submit: the outcome goes to the page's status line, and after a success the fields start again from `next`. */
export function addSubmit<Fields>(
  form: { fields: Fields; setFields: (fields: Fields) => void; submit: (event: FormEvent) => Promise<Outcome | null> },
  onOutcome: OnOutcome,
  next: (fields: Fields) => Fields,
) {
  return async (event: FormEvent) => {
    onOutcome(null);
    const outcome = await form.submit(event);
    if (!outcome) return;
    onOutcome(outcome);
    if (outcome.status === 'succeed') form.setFields(next(form.fields));
  };
}

/**
 * An edit form's submit: a success goes to the page's status line and closes the form; a refusal
 * (someone changed the item since it was opened) stays in the form, for its footer to say.
 */
export function useEditSubmit(
  form: { submit: (event: FormEvent) => Promise<Outcome | null> },
  onOutcome: OnOutcome,
  onDone: () => void,
  /** Names the item in the status line, when the answer does not. */
  item?: string,
) {
  const [refused, setRefused] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    onOutcome(null);
    setRefused(null);
    const outcome = await form.submit(event);
    if (!outcome) return;
    if (outcome.status === 'succeed') {
      onOutcome(item ? { ...outcome, message: `${item}: ${outcome.message}` } : outcome);
      onDone();
    } else setRefused(outcome.message);
  };
  return { refused, submit };
}

/** A card's one-click change (hide, move, switch off): its outcome in the status line, named by the item it changed. */
export async function announceChange(onOutcome: OnOutcome, item: string, call: () => Promise<Outcome>) {
  onOutcome(null);
  const outcome = await outcomeOf(call);
  onOutcome({ ...outcome, message: `${item}: ${outcome.message}` });
}

/** The page's status line: the last save's outcome, read out politely. */
export function OutcomeLine({ outcome }: { outcome: Outcome | null }) {
  return (
    <div role="status" aria-live="polite">
      {outcome && <p className={outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{outcome.message}</p>}
    </div>
  );
}

/** An edit form's end: the refusal (someone changed the item since it was opened), Save, and Cancel or "Close and reload". */
export function EditFormFooter({ refused, pending, onClose }: { refused: string | null; pending: boolean; onClose: () => void }) {
  return (
    <>
      {refused && (
        <p className="staff-problem" role="alert">
          {refused}
        </p>
      )}
      <div className="staff-actions">
        <SubmitButton pending={pending} label="Save" />
        <button type="button" className="staff-button staff-button--quiet" onClick={onClose}>
          {refused ? 'Close and reload' : 'Cancel'}
        </button>
      </div>
    </>
  );
}

/** The add form, folded away until opened: its fields, then one button that says when it is adding. */
export function AddFormCard({
  title,
  submitLabel,
  pending,
  onSubmit,
  children,
}: {
  title: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <details className="staff-card">
      <summary>{title}</summary>
      <form className="staff-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
        {children}
        <div>
          <SubmitButton pending={pending} label={submitLabel} pendingLabel="Adding…" />
        </div>
      </form>
    </details>
  );
}

/** Where an item of the list stands, for its card: the list read, the status line, when it was read, and its place. */
interface ItemPlace<Data> {
  data: Data;
  onOutcome: OnOutcome;
  /** When the list was read (pure in render, fresh after every change): what "now" is for the item. */
  readAt: number;
  first: boolean;
  last: boolean;
}

/** The usual list: one list named `listLabel`, each item as `renderItem` gives it (with its key). */
interface ItemList<Data, Item> {
  listLabel: string;
  renderItem: (item: Item, place: ItemPlace<Data>) => ReactNode;
  renderList?: never;
}

/** A list of another shape (the FAQs, grouped by kind under headings). */
interface CustomList<Data, Item> {
  renderList: (list: { data: Data; items: readonly Item[]; onOutcome: OnOutcome; fetching: boolean }) => ReactNode;
  listLabel?: never;
  renderItem?: never;
}

type ContentSectionProps<Data, Item> = {
  title: string;
  intro: ReactNode;
  /** The list's query hook, called once the content role is confirmed. */
  useItems: () => UseQueryResult<Data>;
  loadingText: string;
  emptyText: string;
  /** The section's items in the answer, in the order shown; none is the empty state. */
  items: (data: Data) => readonly Item[];
  /** Where the section stands for testers, said above the add form once the list is read. */
  standing?: (data: Data) => ReactNode;
  addForm: (onOutcome: OnOutcome) => ReactNode;
} & (ItemList<Data, Item> | CustomList<Data, Item>);

/**
 * One content section's page (FAQs, winners, sites, call-outs, referral event texts, legal texts):
 * for content staff only, the content navigation, the title and what the section is, the status
 * line, the add form, and the list with its loading, error (Try again) and empty states.
 */
export function ContentSectionPage<Data, Item>(props: ContentSectionProps<Data, Item>) {
  usePageTitle(props.title);
  return (
    <RequiresRole role="content">
      <ContentSection {...props} />
    </RequiresRole>
  );
}

function ContentSection<Data, Item>(props: ContentSectionProps<Data, Item>) {
  const { title, intro, useItems, loadingText, emptyText, standing, addForm } = props;
  const query = useItems();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const list = (data: Data, items: readonly Item[]) => {
    if (props.renderList) return props.renderList({ data, items, onOutcome: setOutcome, fetching: query.isFetching });
    const { renderItem } = props;
    return (
      <ol className="staff-people" aria-label={props.listLabel} aria-busy={query.isFetching}>
        {items.map((item, index) =>
          renderItem(item, {
            data,
            onOutcome: setOutcome,
            readAt: query.dataUpdatedAt,
            first: index === 0,
            last: index === items.length - 1,
          }),
        )}
      </ol>
    );
  };
  const items = query.data && props.items(query.data);
  return (
    <>
      <ContentNav />
      <h1>{title}</h1>
      {intro}
      {standing && query.data && standing(query.data)}
      <OutcomeLine outcome={outcome} />
      {addForm(setOutcome)}
      {query.isPending && <p aria-busy="true">{loadingText}</p>}
      {query.isError && <LoadFailed error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && items && (items.length === 0 ? <p>{emptyText}</p> : list(query.data, items))}
    </>
  );
}

/**
 * Remove, asked twice: "Remove" (named `label` for assistive technology) opens "Remove `what` for
 * good" and "Keep"; only the second button removes.
 */
export function ConfirmRemove({ what, label, busy, onRemove }: { what: string; label: string; busy: boolean; onRemove: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return confirming ? (
    <>
      <button type="button" className="staff-button" disabled={busy} onClick={onRemove}>
        Remove {what} for good
      </button>
      <button type="button" className="staff-button staff-button--quiet" onClick={() => setConfirming(false)}>
        Keep
      </button>
    </>
  ) : (
    <button
      type="button"
      className="staff-button staff-button--quiet"
      disabled={busy}
      aria-label={label}
      onClick={() => setConfirming(true)}
    >
      Remove
    </button>
  );
}
