import {
  REFERRAL_EVENT_TEXTS,
  type ReferralEventChangeResponse,
  type RemoveReferralEventPayload,
  type SaveReferralEventPayload,
  type StaffReferralEvent,
  type StaffReferralEventsResponse,
} from '@testerhub/shared/referral-event-schemas';
import type { Clock } from '../../../core/clock.ts';
import type { Database } from '../../../core/db/client.ts';
import { refusalAnswered, StaffRefusal } from '../../../core/audit/audited.ts';
import type { StaffPrincipal } from '../../staff/staff-service.ts';
import { createPublicContentRepository, type ReferralEventRow } from '../public-content-repository.ts';
import { referralMonthStart } from '../public-content-service.ts';
import { auditedContentChange, type ContentChangeDeps } from '../content-change.ts';

/** What the notice and the audit rows call this content. */
const TARGET_TYPE = 'referral-event';

const staffEvent = (row: ReferralEventRow): StaffReferralEvent => ({
  id: row.id,
  month: row.month.slice(0, 7),
  referralComment: row.referralComment ?? '',
  sortOrder: row.sortOrder,
  revision: row.revision,
});

/**
 * The referral event texts of the staff console's content section (issue 12 section 6; decision
 * 066), the winners' pattern of decision 061: an edit or a removal carries the revision its editor
 * opened, the row is locked and compared and the change is conditional on it; every change writes
 * its audit row and the public-content notice in one transaction.
 */
export function createReferralEventsAdminService(db: Database, deps: ContentChangeDeps & { clock: Clock; timeZone: string }) {
  const repository = createPublicContentRepository(db);
  const change = auditedContentChange(deps);

  /** The text's row, locked until the transaction ends, when it is still at the revision its editor opened. */
  async function lockEvent(content: ReturnType<typeof createPublicContentRepository>, input: { id: number; revision: number }) {
    const row = await content.findReferralEvent(input.id, { lock: true });
    if (!row) throw new StaffRefusal(REFERRAL_EVENT_TEXTS.notFound);
    if (row.revision !== input.revision) throw new StaffRefusal(REFERRAL_EVENT_TEXTS.changed);
    return row;
  }

  return {
    async listReferralEvents(): Promise<StaffReferralEventsResponse> {
      const [rows, shown] = await Promise.all([
        repository.listAllReferralEvents(),
        repository.shownReferralMonth(referralMonthStart(deps.clock.now(), deps.timeZone)),
      ]);
      return { status: 'succeed', shownMonth: shown?.slice(0, 7) ?? null, events: rows.map(staffEvent) };
    },

    /** A new text (no id) or a text saved against the revision its editor opened. */
    saveReferralEvent(actor: StaffPrincipal, input: SaveReferralEventPayload): Promise<ReferralEventChangeResponse> {
      const fields = { month: `${input.month}-01`, referralComment: input.referralComment, sortOrder: input.sortOrder };
      return refusalAnswered(async () => {
        if (input.id === undefined || input.revision === undefined) {
          const row = await change(actor, 'referral-event.add', { type: TARGET_TYPE, id: 'new' }, async (content) => {
            const added = await content.insertReferralEvent(fields);
            return { before: null, after: staffEvent(added), result: added, targetId: String(added.id) };
          });
          return { status: 'succeed' as const, message: REFERRAL_EVENT_TEXTS.added, event: staffEvent(row) };
        }
        const { id, revision } = input;
        const row = await change(actor, 'referral-event.edit', { type: TARGET_TYPE, id: String(id) }, async (content) => {
          const before = await lockEvent(content, { id, revision });
          const after = await content.updateReferralEvent(id, revision, fields);
          if (!after) throw new StaffRefusal(REFERRAL_EVENT_TEXTS.changed);
          return { before: staffEvent(before), after: staffEvent(after), result: after };
        });
        return { status: 'succeed' as const, message: REFERRAL_EVENT_TEXTS.saved, event: staffEvent(row) };
      });
    },

    /** The text deleted; the audit row keeps what it was. */
    removeReferralEvent(actor: StaffPrincipal, input: RemoveReferralEventPayload): Promise<ReferralEventChangeResponse> {
      return refusalAnswered(async () => {
        await change(actor, 'referral-event.remove', { type: TARGET_TYPE, id: String(input.id) }, async (content) => {
          const before = await lockEvent(content, input);
          if (!(await content.deleteReferralEvent(input.id, input.revision))) throw new StaffRefusal(REFERRAL_EVENT_TEXTS.changed);
          return { before: staffEvent(before), after: null, result: null };
        });
        return { status: 'succeed' as const, message: REFERRAL_EVENT_TEXTS.removed };
      });
    },
  };
}

export type ReferralEventsAdminService = ReturnType<typeof createReferralEventsAdminService>;
