import { randomUUID } from 'node:crypto';
import {
  CALLOUT_ADMIN_TEXTS,
  type AddCalloutPayload,
  type CalloutChangeResponse,
  type EditCalloutPayload,
  type StaffCallout,
  type StaffCalloutsResponse,
} from '@testerhub/shared/callout-admin-schemas';
import { instantOnClock } from '@testerhub/shared/wall-clock';
import type { Database, Executor } from '../../core/db/client.ts';
import { refusalAnswered, StaffRefusal } from '../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import { createCalloutRepository, type CalloutFieldsRow, type CalloutRow } from './callout-repository.ts';

interface CalloutAdminDeps {
  /** The staff service's audit helper: the change and its audit row commit together (decision 043). */
  audited: StaffService['audited'];
  /** The company's zone (`LOYALTY_TIME_ZONE`): a call-out has no test site, so a time sent with no zone is on its clock. */
  timeZone: string;
}

const staffCallout = (row: CalloutRow): StaffCallout => ({
  id: row.id,
  rKey: row.rKey,
  title: row.title,
  description: row.description,
  pkCoins: row.pkCoins,
  screener: row.screener,
  active: row.active,
  startTimeStamp: row.startTimeStamp.toISOString(),
  endTimeStamp: row.endTimeStamp.toISOString(),
  revision: row.revision,
});

/** The columns staff set; a time sent with no zone is read on the company's clock, never the server's (decision 139). */
const fieldsRow = (input: AddCalloutPayload, timeZone: string): CalloutFieldsRow => ({
  title: input.title,
  description: input.description,
  pkCoins: input.pkCoins,
  screener: input.screener,
  active: input.active,
  startTimeStamp: instantOnClock(input.startTimeStamp, timeZone),
  endTimeStamp: instantOnClock(input.endTimeStamp, timeZone),
});

/**
 * The content section's call-outs (issue 12 section 6; decision 063), decision 061's pattern: an
 * edit carries the revision its editor opened, the row is locked and compared, and the UPDATE is
 * conditional on it; every change writes its audit row in the same transaction. GetCalloutList
 * reads the table on every call (no cache), so a change shows to testers at once on every instance.
 */
export function createCalloutAdminService(db: Database, deps: CalloutAdminDeps) {
  const repository = createCalloutRepository(db);
  return {
    async listCallouts(): Promise<StaffCalloutsResponse> {
      return { status: 'succeed', callouts: (await repository.listAll()).map(staffCallout) };
    },

    /** A new call-out with a fresh key, so no tester's dismissal of another one hides it. */
    async addCallout(actor: StaffPrincipal, input: AddCalloutPayload): Promise<CalloutChangeResponse> {
      const row = await deps.audited(actor.id, 'callout.add', { type: 'callout', id: 'new' }, async (tx: Executor) => {
        const added = await createCalloutRepository(tx).insertOne({ rKey: `staff-${randomUUID()}`, ...fieldsRow(input, deps.timeZone) });
        return { before: null, after: staffCallout(added), result: added, targetId: String(added.id) };
      });
      return { status: 'succeed', message: CALLOUT_ADMIN_TEXTS.added, callout: staffCallout(row) };
    },

    /** The fields saved (switching it off or on too); its key stays, so a tester's dismissal still holds. */
    editCallout(actor: StaffPrincipal, input: EditCalloutPayload): Promise<CalloutChangeResponse> {
      return refusalAnswered(async () => {
        const row = await deps.audited(actor.id, 'callout.edit', { type: 'callout', id: String(input.id) }, async (tx: Executor) => {
          const callouts = createCalloutRepository(tx);
          const before = await callouts.find(input.id, { lock: true });
          if (!before) throw new StaffRefusal(CALLOUT_ADMIN_TEXTS.notFound);
          if (before.revision !== input.revision) throw new StaffRefusal(CALLOUT_ADMIN_TEXTS.changed);
          const after = await callouts.update(input.id, input.revision, fieldsRow(input, deps.timeZone));
          if (!after) throw new StaffRefusal(CALLOUT_ADMIN_TEXTS.changed);
          return { before: staffCallout(before), after: staffCallout(after), result: after };
        });
        return { status: 'succeed' as const, message: CALLOUT_ADMIN_TEXTS.saved, callout: staffCallout(row) };
      });
    },
  };
}

export type CalloutAdminService = ReturnType<typeof createCalloutAdminService>;
