import {
  CATALOGUE_TEXTS,
  type CatalogueResponse,
  type EditRewardPayload,
  type RewardActivePayload,
  type RewardFields,
  type StaffQueueChangeResponse,
} from '@testerhub/shared/staff-queues-schemas';
import type { Database, Executor } from '../../core/db/client.ts';
import { refusalAnswered, StaffRefusal } from '../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import { createRedeemRepository, type RewardItemRow } from './redeem-repository.ts';

interface RewardCatalogueDeps {
  /** The staff service's audit helper: the change and its audit row commit together (decision 043). */
  audited: StaffService['audited'];
}

/** A reward as staff see it, in the list and in the audit rows. */
const itemView = (item: RewardItemRow) => ({
  itemNo: item.id,
  name: item.name,
  coins: item.coins,
  imagePath: item.imagePath,
  sortOrder: item.sortOrder,
  active: item.active,
  version: item.version,
});

/**
 * The reward catalogue on the staff side (issue 12 section 6; decision 055): list, add, edit,
 * retire and restore the rewards the portal's redeem page shows. An order keeps the price it was
 * placed at (redemption_orders.coins), so a price change never reaches a pending order; an edit
 * names the version it was made from, so two staff editing one reward cannot lose a change.
 */
export function createRewardCatalogueService(db: Database, deps: RewardCatalogueDeps) {
  const repository = createRedeemRepository(db);

  async function change(
    actor: StaffPrincipal,
    action: string,
    itemNo: string,
    work: (tx: Executor) => Promise<{ before: unknown; after: unknown; result: StaffQueueChangeResponse; targetId?: string }>,
  ): Promise<StaffQueueChangeResponse> {
    return refusalAnswered(() => deps.audited(actor.id, action, { type: 'reward', id: itemNo }, work));
  }

  return {
    async list(): Promise<CatalogueResponse> {
      const rows = await repository.listCatalogue();
      return {
        status: 'succeed',
        rewards: rows.map(({ item, pendingOrders }) => ({ ...itemView(item), pendingOrders: Number(pendingOrders) })),
      };
    },

    add: (actor: StaffPrincipal, fields: RewardFields) =>
      change(actor, 'reward.add', 'new', async (tx) => {
        const [row] = await createRedeemRepository(tx).insertItems([{ ...fields, active: true }]);
        return {
          before: null,
          after: itemView(row!),
          targetId: String(row!.id),
          result: { status: 'succeed', message: CATALOGUE_TEXTS.added, itemNo: row!.id },
        };
      }),

    edit: (actor: StaffPrincipal, input: EditRewardPayload) =>
      change(actor, 'reward.edit', String(input.itemNo), async (tx) => {
        const rewards = createRedeemRepository(tx);
        const before = await rewards.lockItem(input.itemNo);
        if (!before) throw new StaffRefusal(CATALOGUE_TEXTS.notFound);
        const { itemNo, version, ...fields } = input;
        const after = await rewards.updateItem(itemNo, version, fields);
        if (!after) throw new StaffRefusal(CATALOGUE_TEXTS.stale);
        return { before: itemView(before), after: itemView(after), result: { status: 'succeed', message: CATALOGUE_TEXTS.saved } };
      }),

    setActive: (actor: StaffPrincipal, input: RewardActivePayload) =>
      change(actor, input.active ? 'reward.restore' : 'reward.retire', String(input.itemNo), async (tx) => {
        const rewards = createRedeemRepository(tx);
        const before = await rewards.lockItem(input.itemNo);
        if (!before) throw new StaffRefusal(CATALOGUE_TEXTS.notFound);
        const after = await rewards.setActive(input.itemNo, input.active);
        if (!after) throw new StaffRefusal(CATALOGUE_TEXTS.unchanged);
        return {
          before: itemView(before),
          after: itemView(after),
          result: { status: 'succeed', message: input.active ? CATALOGUE_TEXTS.restored : CATALOGUE_TEXTS.retired },
        };
      }),
  };
}

export type RewardCatalogueService = ReturnType<typeof createRewardCatalogueService>;
