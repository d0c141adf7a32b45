import {
  SITE_CONTENT_TEXTS,
  type AddTestSitePayload,
  type AddWinnerPayload,
  type EditTestSitePayload,
  type EditWinnerPayload,
  type RemoveWinnerPayload,
  type SiteChangeResponse,
  type StaffTestSite,
  type StaffTestSitesResponse,
  type StaffWinner,
  type StaffWinnersResponse,
  type WinnerChangeResponse,
} from '@testerhub/shared/site-content-schemas';
import type { Database, Executor } from '../../core/db/client.ts';
import { refusalAnswered, StaffRefusal, type AuditTarget, type StaffPrincipal, type StaffService } from '../staff/staff-service.ts';
import { createPublicContentRepository, type TestSiteRow, type WinnerRow } from './public-content-repository.ts';

export interface SiteContentAdminDeps {
  /** The staff service's audit helper: the change and its audit row commit together (decision 043). */
  audited: StaffService['audited'];
  /** This instance's cached public copies, dropped at once after a change (the others hear the notice). */
  forgetCached: () => void;
}

const staffWinner = (row: WinnerRow): StaffWinner => ({
  id: row.id,
  winnerTypeDesc: row.winnerTypeDesc,
  periodStart: row.periodStart,
  winnerTime: row.winnerTime,
  winner: row.winner,
  hidden: row.hidden,
  revision: row.revision,
});

const staffSite = (row: TestSiteRow): StaffTestSite => ({
  siteId: row.siteId,
  mapCode: row.mapCode,
  name: row.name,
  city: row.city,
  address: row.address,
  phone: row.phone,
  fax: row.fax,
  tollFree: row.tollFree,
  timeZone: row.timeZone,
  airportDirections: row.airportDirections,
  revision: row.revision,
});

/** PostgreSQL's unique_violation, as the driver reports it (on the error or, through drizzle, its cause). */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value && typeof value === 'object' && 'code' in value ? (value as { code: unknown }).code : null);
  return codeOf(error) === '23505' || (error instanceof Error && codeOf(error.cause) === '23505');
}

/**
 * One audited change of public content that also announces itself (the notice names the target's
 * type); this instance forgets its copies once it committed. The winners, the test sites and the
 * referral event texts (decision 066) change through it.
 */
export function auditedContentChange(deps: SiteContentAdminDeps) {
  return async function change<T>(
    actor: StaffPrincipal,
    action: string,
    target: AuditTarget,
    work: (
      content: ReturnType<typeof createPublicContentRepository>,
    ) => Promise<{ before: unknown; after: unknown; result: T; targetId?: string }>,
  ): Promise<T> {
    const result = await deps.audited(actor.id, action, target, async (tx: Executor) => {
      const content = createPublicContentRepository(tx);
      const outcome = await work(content);
      await content.announceChange(target.type);
      return outcome;
    });
    deps.forgetCached();
    return result;
  };
}

/**
 * The content section's winners and test sites (issue 12 section 6; decision 061), the FAQ pattern
 * of decision 057: an edit carries the revision its editor opened, the row is locked and compared,
 * and the UPDATE is conditional on it; every change writes its audit row and the public-content
 * notice (every instance drops its cached copies at commit) in one transaction.
 */
export function createSiteContentAdminService(db: Database, deps: SiteContentAdminDeps) {
  const repository = createPublicContentRepository(db);
  const change = auditedContentChange(deps);

  /** The winner's row, locked until the transaction ends, when it is still at the revision its editor opened. */
  async function lockWinner(content: ReturnType<typeof createPublicContentRepository>, input: { id: number; revision: number }) {
    const row = await content.findWinner(input.id, { lock: true });
    if (!row) throw new StaffRefusal(SITE_CONTENT_TEXTS.winnerNotFound);
    if (row.revision !== input.revision) throw new StaffRefusal(SITE_CONTENT_TEXTS.winnerChanged);
    return row;
  }

  /** A change that may meet the winners' unique entry (giveaway, period, name) answers it as a refusal. */
  async function winnerAnswer(work: () => Promise<WinnerRow>, message: string): Promise<WinnerChangeResponse> {
    try {
      const answer = await refusalAnswered(async () => ({ status: 'succeed' as const, message, winner: staffWinner(await work()) }));
      return answer;
    } catch (error) {
      if (isUniqueViolation(error)) return { status: 'failed', message: SITE_CONTENT_TEXTS.winnerDuplicate };
      throw error;
    }
  }

  return {
    async listWinners(): Promise<StaffWinnersResponse> {
      return { status: 'succeed', winners: (await repository.listAllWinners()).map(staffWinner) };
    },

    addWinner(actor: StaffPrincipal, input: AddWinnerPayload): Promise<WinnerChangeResponse> {
      return winnerAnswer(
        () =>
          change(actor, 'winner.add', { type: 'winner', id: 'new' }, async (content) => {
            const row = await content.insertWinner(input);
            if (!row) throw new StaffRefusal(SITE_CONTENT_TEXTS.winnerDuplicate);
            return { before: null, after: staffWinner(row), result: row, targetId: String(row.id) };
          }),
        SITE_CONTENT_TEXTS.winnerAdded,
      );
    },

    editWinner(actor: StaffPrincipal, input: EditWinnerPayload): Promise<WinnerChangeResponse> {
      return winnerAnswer(
        () =>
          change(actor, 'winner.edit', { type: 'winner', id: String(input.id) }, async (content) => {
            const before = await lockWinner(content, input);
            const { id, revision, ...fields } = input;
            const after = await content.updateWinner(id, revision, fields);
            if (!after) throw new StaffRefusal(SITE_CONTENT_TEXTS.winnerChanged);
            return { before: staffWinner(before), after: staffWinner(after), result: after };
          }),
        SITE_CONTENT_TEXTS.winnerSaved,
      );
    },

    /** A mistaken entry deleted (hiding keeps it for later); the audit row keeps what it was. */
    async removeWinner(actor: StaffPrincipal, input: RemoveWinnerPayload): Promise<WinnerChangeResponse> {
      return refusalAnswered(async () => {
        await change(actor, 'winner.remove', { type: 'winner', id: String(input.id) }, async (content) => {
          const before = await lockWinner(content, input);
          if (!(await content.deleteWinner(input.id, input.revision))) throw new StaffRefusal(SITE_CONTENT_TEXTS.winnerChanged);
          return { before: staffWinner(before), after: null, result: null };
        });
        return { status: 'succeed' as const, message: SITE_CONTENT_TEXTS.winnerRemoved };
      });
    },

    async listTestSites(): Promise<StaffTestSitesResponse> {
      return { status: 'succeed', sites: (await repository.listAllTestSites()).map(staffSite) };
    },

    /** A new site with the next free id and no maps page; its time zone is set here and kept (decision 061). */
    async addTestSite(actor: StaffPrincipal, input: AddTestSitePayload): Promise<SiteChangeResponse> {
      const row = await change(actor, 'test-site.add', { type: 'test-site', id: 'new' }, async (content) => {
        const added = await content.insertTestSite(input);
        return { before: null, after: staffSite(added), result: added, targetId: added.siteId };
      });
      return { status: 'succeed', message: SITE_CONTENT_TEXTS.siteAdded, site: staffSite(row) };
    },

    /** The site's public fields; its id, time zone and map code stay (bookings and the maps pages depend on them). */
    editTestSite(actor: StaffPrincipal, input: EditTestSitePayload): Promise<SiteChangeResponse> {
      return refusalAnswered(async () => {
        const row = await change(actor, 'test-site.edit', { type: 'test-site', id: input.siteId }, async (content) => {
          const before = await content.findTestSite(input.siteId, { lock: true });
          if (!before) throw new StaffRefusal(SITE_CONTENT_TEXTS.siteNotFound);
          if (before.revision !== input.revision) throw new StaffRefusal(SITE_CONTENT_TEXTS.siteChanged);
          const { siteId, revision, ...fields } = input;
          const after = await content.updateTestSite(siteId, revision, fields);
          if (!after) throw new StaffRefusal(SITE_CONTENT_TEXTS.siteChanged);
          return { before: staffSite(before), after: staffSite(after), result: after };
        });
        return { status: 'succeed' as const, message: SITE_CONTENT_TEXTS.siteSaved, site: staffSite(row) };
      });
    },
  };
}

export type SiteContentAdminService = ReturnType<typeof createSiteContentAdminService>;
