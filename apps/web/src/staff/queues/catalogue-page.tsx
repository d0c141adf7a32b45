import { useState, type FormEvent } from 'react';
import {
  REWARD_IMAGES,
  rewardFieldsSchema,
  type CatalogueItem,
  type RewardFieldsInput,
  type StaffQueueChangeResponse,
} from '@testerhub/shared/staff-queues-schemas';
import { SelectField, TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { useAddReward, useCatalogue, useEditReward, useSetRewardActive } from '../api/queues';
import { ListState, Outcome, report } from './queue-parts';
import { RequiresRole, SubmitButton } from '../shell/staff-page-parts';

const IMAGE_OPTIONS = REWARD_IMAGES.map((image) => ({ value: image.path, label: image.label }));
type Draft = { name: string; coins: string; imagePath: string; sortOrder: string };
type DraftErrors = Partial<Record<keyof Draft, string>>;
const EMPTY: Draft = { name: '', coins: '', imagePath: '', sortOrder: '0' };
const draftOf = (item: CatalogueItem): Draft => ({
  name: item.name,
  coins: String(item.coins),
  imagePath: item.imagePath,
  sortOrder: String(item.sortOrder),
});

/** Rewards staff: the catalogue the redeem page shows; add, edit, retire, restore (decision 055). */
export function CataloguePage() {
  usePageTitle('Reward catalogue');
  return (
    <RequiresRole role="rewards">
      <Catalogue />
    </RequiresRole>
  );
}

function Catalogue() {
  const catalogue = useCatalogue();
  const [outcome, setOutcome] = useState<StaffQueueChangeResponse | null>(null);
  return (
    <>
      <h1>Reward catalogue</h1>
      <p>
        The rewards testers redeem coins for, in the order the redeem page shows them. A new price applies to orders placed from now on;
        orders already placed keep theirs. A retired reward is hidden from testers and cannot be redeemed.
      </p>
      <Outcome outcome={outcome} />
      <section className="staff-card" aria-labelledby="add-reward">
        <h2 id="add-reward" className="staff-order-title">
          Add a reward
        </h2>
        <RewardForm label="Add a reward" submitText="Add reward" onOutcome={setOutcome} />
      </section>
      <ListState query={catalogue} loading="Loading the catalogue…" />
      {catalogue.data && catalogue.data.rewards.length === 0 && <p>The catalogue is empty: add the first reward above.</p>}
      {catalogue.data && catalogue.data.rewards.length > 0 && (
        <ol className="staff-people" data-testid="catalogue" aria-busy={catalogue.isFetching}>
          {catalogue.data.rewards.map((item) => (
            <RewardCard key={item.itemNo} item={item} onOutcome={setOutcome} />
          ))}
        </ol>
      )}
    </>
  );
}

type OnOutcome = (outcome: StaffQueueChangeResponse | null) => void;

function RewardCard({ item, onOutcome }: { item: CatalogueItem; onOutcome: OnOutcome }) {
  const headingId = `reward-${item.itemNo}`;
  const [editing, setEditing] = useState(false);
  const setActive = useSetRewardActive();
  const toggle = () => void report(() => setActive.mutateAsync({ itemNo: item.itemNo, active: !item.active }), item.name, onOutcome);
  return (
    <li className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="staff-order-title">
        {item.name}
      </h2>
      <img src={item.imagePath} alt="" width={64} height={64} />
      <dl className="staff-facts staff-order-facts">
        <dt>Coins</dt>
        <dd>{item.coins}</dd>
        <dt>Position</dt>
        <dd>{item.sortOrder}</dd>
        <dt>State</dt>
        <dd data-testid="reward-state">{item.active ? 'In the catalogue' : 'Retired'}</dd>
        <dt>Pending orders</dt>
        <dd>{item.pendingOrders}</dd>
      </dl>
      <div className="staff-decisions">
        <button type="button" className="staff-button staff-button--quiet" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          {editing ? 'Close the editor' : `Edit ${item.name}`}
        </button>
        <button type="button" className="staff-button staff-button--quiet" disabled={setActive.isPending} onClick={toggle}>
          {item.active ? `Retire ${item.name}` : `Restore ${item.name}`}
        </button>
      </div>
      {editing && (
        <RewardForm
          label={`Edit ${item.name}`}
          submitText="Save changes"
          item={item}
          onOutcome={onOutcome}
          onDone={() => setEditing(false)}
        />
      )}
    </li>
  );
}

function RewardForm({
  label,
  submitText,
  item,
  onOutcome,
  onDone,
}: {
  label: string;
  submitText: string;
  item?: CatalogueItem;
  onOutcome: OnOutcome;
  onDone?: () => void;
}) {
  const add = useAddReward();
  const edit = useEditReward();
  const [draft, setDraft] = useState<Draft>(item ? draftOf(item) : EMPTY);
  const [errors, setErrors] = useState<DraftErrors>({});
  const busy = add.isPending || edit.isPending;
  const field = (name: keyof Draft) => ({
    value: draft[name],
    error: errors[name] ?? null,
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = rewardFieldsSchema.safeParse(draft satisfies RewardFieldsInput);
    if (!parsed.success) {
      const found: DraftErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Draft] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    const answer = await report(
      () => (item ? edit.mutateAsync({ ...parsed.data, itemNo: item.itemNo, version: item.version }) : add.mutateAsync(parsed.data)),
      parsed.data.name,
      onOutcome,
    );
    if (answer?.status === 'succeed') {
      if (!item) setDraft(EMPTY);
      onDone?.();
    }
  };
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
      <TextField label="Name" autoComplete="off" {...field('name')} />
      <TextField label="Coins" inputMode="numeric" autoComplete="off" {...field('coins')} />
      <SelectField label="Picture" placeholder="Choose…" options={IMAGE_OPTIONS} {...field('imagePath')} />
      <TextField
        label="Position on the redeem page"
        inputMode="numeric"
        autoComplete="off"
        hint="Lower numbers come first."
        {...field('sortOrder')}
      />
      <SubmitButton pending={busy} label={submitText} />
    </form>
  );
}
