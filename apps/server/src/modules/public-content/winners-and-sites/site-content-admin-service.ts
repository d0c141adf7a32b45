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
import { TOO_FAR_SITE_IDS } from '@testerhub/shared/account-rules';
import {
  describeReferences,
  SITE_ZIP_TEXTS,
  type MoveTestSitePayload,
  type RemoveTestSitePayload,
  type SetSiteMapCodePayload,
  type SiteReferences,
  type SiteZipChangeResponse,
  type SiteZipPrefixesResponse,
  type ZipPrefixChangePayload,
} from '@testerhub/shared/site-zip-schemas';
import type { Database, Executor } from '../../../core/db/client.ts';
import { refusalAnswered, StaffRefusal } from '../../../core/audit/audited.ts';
import type { RegistrationService } from '../../registration/registration-service.ts';
import type { SchedulingService } from '../../scheduling/scheduling-service.ts';
import type { StaffPrincipal, StaffService } from '../../staff/staff-service.ts';
import type { StudyService } from '../../studies/study-service.ts';
import type { TesterService } from '../../testers/tester-service.ts';
import { auditedContentChange, type ContentChangeDeps } from '../content-change.ts';
import { createPublicContentRepository, type TestSiteRow, type WinnerRow } from '../public-content-repository.ts';

export interface SiteContentAdminDeps extends ContentChangeDeps {
  /** What names a site elsewhere, each read in the change's unit of work (decision 069); the ZIP prefixes are registration's. */
  staff: Pick<StaffService, 'namesAtSite' | 'auditedTargetIds'>;
  scheduling: Pick<SchedulingService, 'sessionGroupsAtSite'>;
  studies: Pick<StudyService, 'studiesAtSite'>;
  testers: Pick<TesterService, 'testersAtSite'>;
  registration: Pick<RegistrationService, 'zipPrefixesOn'>;
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

  /** The site's row, locked until the transaction ends, when it is still at the revision its editor opened. */
  async function lockSite(content: ReturnType<typeof createPublicContentRepository>, input: { siteId: string; revision: number }) {
    const row = await content.findTestSite(input.siteId, { lock: true });
    if (!row) throw new StaffRefusal(SITE_ZIP_TEXTS.siteNotFound);
    if (row.revision !== input.revision) throw new StaffRefusal(SITE_ZIP_TEXTS.siteChanged);
    return row;
  }

  /** How a site is named in a refusal: its name and id, or the mail-only area's id (prefixes without a site row). */
  async function siteLabel(executor: Executor, siteId: string): Promise<string> {
    const site = await createPublicContentRepository(executor).findTestSite(siteId);
    return site ? `${site.name} (${site.siteId})` : SITE_ZIP_TEXTS.mailOnlyArea(siteId);
  }

  /** Everything that names the site by id, and the staff members by name; it may be removed only when every count is 0. */
  async function referencesOf(tx: Executor, siteId: string): Promise<{ references: SiteReferences; staffNames: string[] }> {
    const groups = await deps.scheduling.sessionGroupsAtSite(siteId, tx);
    const staffNames = await deps.staff.namesAtSite(siteId, tx);
    const references = {
      testers: await deps.testers.testersAtSite(siteId, tx),
      studies: await deps.studies.studiesAtSite(siteId, tx),
      sessionGroups: groups.sessionGroups,
      bookings: groups.bookings,
      staff: staffNames.length,
    };
    return { references, staffNames };
  }

  /** A map code change that met the unique index (another site took the code meanwhile) answers who shows it now. */
  async function mapCodeAnswer(input: SetSiteMapCodePayload, work: () => Promise<SiteZipChangeResponse>): Promise<SiteZipChangeResponse> {
    try {
      return await refusalAnswered(work);
    } catch (error) {
      if (!isUniqueViolation(error) || !input.mapCode) throw error;
      const holder = await repository.findTestSiteByMapCode(input.mapCode);
      const label = holder ? `${holder.name} (${holder.siteId})` : input.mapCode;
      return { status: 'failed', message: SITE_ZIP_TEXTS.mapCodeHeld(input.mapCode, label), field: 'mapCode' };
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
      const row = await change(actor, 'test-site.add', { type: 'test-site', id: 'new' }, async (content, tx) => {
        // Not given again: the mail-only area's ids (prefixes name 00006 without a site row) and removed sites' (the audit log keeps them).
        const reserved = [
          ...TOO_FAR_SITE_IDS,
          ...(await deps.registration.zipPrefixesOn(tx).siteIds()),
          ...(await deps.staff.auditedTargetIds('test-site', tx)),
        ];
        const added = await content.insertTestSite(input, reserved);
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

    /** Every ZIP prefix with the site registration assigns from it (decision 069). */
    async listZipPrefixes(): Promise<SiteZipPrefixesResponse> {
      return { status: 'succeed', prefixes: await deps.registration.zipPrefixesOn(db).list() };
    },

    /**
     * A prefix given to a site: registration assigns testers in those ZIP codes to it from now on.
     * A prefix another site holds is refused naming it; of two staff adding one prefix to two sites
     * at once, the primary key lets one in and the other is told who holds it.
     */
    addZipPrefix(actor: StaffPrincipal, input: ZipPrefixChangePayload): Promise<SiteZipChangeResponse> {
      return refusalAnswered(async () => {
        await change(actor, 'test-site.zip-add', { type: 'test-site', id: input.siteId }, async (content, tx) => {
          if (!(await content.findTestSite(input.siteId, { lock: true }))) throw new StaffRefusal(SITE_ZIP_TEXTS.siteNotFound);
          const zip = deps.registration.zipPrefixesOn(tx);
          if (!(await zip.add(input.prefix, input.siteId))) {
            const holder = await zip.holderOf(input.prefix);
            const label = holder ? await siteLabel(tx, holder) : input.siteId;
            throw new StaffRefusal(SITE_ZIP_TEXTS.prefixHeld(input.prefix, label), 'prefix');
          }
          return { before: null, after: { zipPrefix: input.prefix }, result: null };
        });
        return { status: 'succeed' as const, message: SITE_ZIP_TEXTS.prefixAdded };
      });
    },

    /** A prefix taken from a site: testers registering there from now on are assigned no site (online only); those assigned keep theirs. */
    removeZipPrefix(actor: StaffPrincipal, input: ZipPrefixChangePayload): Promise<SiteZipChangeResponse> {
      return refusalAnswered(async () => {
        await change(actor, 'test-site.zip-remove', { type: 'test-site', id: input.siteId }, async (content, tx) => {
          if (!(await content.findTestSite(input.siteId, { lock: true }))) throw new StaffRefusal(SITE_ZIP_TEXTS.siteNotFound);
          if (!(await deps.registration.zipPrefixesOn(tx).remove(input.prefix, input.siteId)))
            throw new StaffRefusal(SITE_ZIP_TEXTS.prefixNotHeld(input.prefix), 'prefix');
          return { before: { zipPrefix: input.prefix }, after: null, result: null };
        });
        return { status: 'succeed' as const, message: SITE_ZIP_TEXTS.prefixRemoved };
      });
    },

    /** The maps page (one of the routed codes) a site answers, or none; a code another site shows is refused naming it. */
    setSiteMapCode(actor: StaffPrincipal, input: SetSiteMapCodePayload): Promise<SiteZipChangeResponse> {
      return mapCodeAnswer(input, async () => {
        await change(actor, 'test-site.map-code', { type: 'test-site', id: input.siteId }, async (content) => {
          const before = await lockSite(content, input);
          const holder = input.mapCode ? await content.findTestSiteByMapCode(input.mapCode) : null;
          if (holder && holder.siteId !== input.siteId)
            throw new StaffRefusal(SITE_ZIP_TEXTS.mapCodeHeld(input.mapCode!, `${holder.name} (${holder.siteId})`), 'mapCode');
          const after = await content.updateTestSiteMapCode(input.siteId, input.revision, input.mapCode);
          if (!after) throw new StaffRefusal(SITE_ZIP_TEXTS.siteChanged);
          return { before: { mapCode: before.mapCode }, after: { mapCode: after.mapCode }, result: after };
        });
        return { status: 'succeed' as const, message: SITE_ZIP_TEXTS.mapCodeSaved };
      });
    },

    /** One place up or down in the public order. Every site is locked first (in order), so two moves at once take turns. */
    moveTestSite(actor: StaffPrincipal, input: MoveTestSitePayload): Promise<SiteZipChangeResponse> {
      return refusalAnswered(async () => {
        await change(actor, 'test-site.move', { type: 'test-site', id: input.siteId }, async (content) => {
          const sites = await content.lockAllTestSites();
          const at = sites.findIndex((site) => site.siteId === input.siteId);
          if (at < 0) throw new StaffRefusal(SITE_ZIP_TEXTS.siteNotFound);
          if (sites[at]!.revision !== input.revision) throw new StaffRefusal(SITE_ZIP_TEXTS.siteChanged);
          const to = input.direction === 'up' ? at - 1 : at + 1;
          if (to < 0 || to >= sites.length) throw new StaffRefusal(SITE_ZIP_TEXTS.moveAtEdge);
          const ids = sites.map((site) => site.siteId);
          [ids[at], ids[to]] = [ids[to]!, ids[at]!];
          const moved = await content.setTestSiteOrder(ids, input.siteId);
          return { before: { order: sites.map((site) => site.siteId) }, after: { order: ids }, result: moved };
        });
        return { status: 'succeed' as const, message: SITE_ZIP_TEXTS.moved };
      });
    },

    /**
     * A site removed with its ZIP prefixes, only when no tester, study, session group, booking or
     * staff member names it; otherwise refused listing them with their counts (decision 069).
     */
    removeTestSite(actor: StaffPrincipal, input: RemoveTestSitePayload): Promise<SiteZipChangeResponse> {
      return refusalAnswered(async () => {
        await change(actor, 'test-site.remove', { type: 'test-site', id: input.siteId }, async (content, tx) => {
          const before = await lockSite(content, input);
          // The prefixes go before the count (decision 071): their deletion waits for registrations
          // holding them, whose testers the count then sees; a refusal puts them back.
          const zipPrefixes = await deps.registration.zipPrefixesOn(tx).removeAllOf(input.siteId);
          const { references, staffNames } = await referencesOf(tx, input.siteId);
          const named = describeReferences(references, staffNames);
          if (named) throw new StaffRefusal(SITE_ZIP_TEXTS.removeRefused(before.name, named));
          if (!(await content.deleteTestSite(input.siteId, input.revision))) throw new StaffRefusal(SITE_ZIP_TEXTS.siteChanged);
          return { before: { ...staffSite(before), zipPrefixes }, after: null, result: null };
        });
        return { status: 'succeed' as const, message: SITE_ZIP_TEXTS.removed };
      });
    },
  };
}

export type SiteContentAdminService = ReturnType<typeof createSiteContentAdminService>;
