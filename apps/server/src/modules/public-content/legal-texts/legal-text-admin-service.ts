import {
  ACCEPTED_TERMS_PAGE,
  LEGAL_PAGE_KEYS,
  LEGAL_PAGE_TITLES,
  LEGAL_TEXTS,
  type LegalPageKey,
  type LegalPublication,
  type LegalTextChangeResponse,
  type PublishLegalTextPayload,
  type RestoreBuiltInLegalTextPayload,
  type StaffLegalTextResponse,
  type StaffLegalTextsResponse,
} from '@testerhub/shared/legal-text-schemas';
import type { Clock } from '../../../core/clock.ts';
import type { Database } from '../../../core/db/client.ts';
import { refusalAnswered, StaffRefusal } from '../../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../../staff/staff-service.ts';
import type { TermsService } from '../../terms/terms-service.ts';
import { createPublicContentRepository, type LegalTextVersionRow } from '../public-content-repository.ts';

interface LegalTextAdminDeps {
  /** The staff service's audit helper: the change and its audit row commit together (decision 043). */
  audited: StaffService['audited'];
  /** Staff members' names by id: who published each version. */
  staffNames: StaffService['staffNames'];
  terms: Pick<TermsService, 'publish'>;
  /** This instance's cached public copies, dropped at once after a change (the others hear the notice). */
  forgetCached: () => void;
  clock: Clock;
}

/** The terms version's summaries when the Terms of Use's body is published (the terms gate shows them, decision 041). */
export const LEGAL_TERMS_SUMMARY = {
  en: 'The text of our Terms of Use has changed. Please read it and accept it to continue.',
  es: 'El texto de nuestros Términos de uso ha cambiado. Léalo y acéptelo para continuar.',
} as const;

const publication = (row: LegalTextVersionRow, names: Map<string, string>): LegalPublication => ({
  version: row.version,
  publishedAt: row.publishedAt.toISOString(),
  publishedBy: (row.publishedBy && names.get(row.publishedBy)) ?? LEGAL_TEXTS.removedStaff,
  restoredBuiltIn: row.bodyHtml === null,
  spanish: row.bodyHtmlEs !== null,
});

/** A version's bodies: English (null: the built-in text) and Spanish (null: none, decision 132). */
interface LegalBodies {
  bodyHtml: string | null;
  bodyHtmlEs: string | null;
}

/**
 * The legal texts' bodies for content staff (issue 12 section 6; decision 070): publish a new
 * version of a page, or put its built-in text back in force. A change carries the version its
 * editor opened; a stale one is refused, and of two made from one version the unique (page,
 * version) keeps one. The Terms of Use's new body also publishes a terms version (decision 057's
 * TermsService.publish) in the same unit of work, so testers are asked to accept it. A version
 * holds both languages (decision 132): one version number, whichever a reader reads or accepts.
 */
export function createLegalTextAdminService(db: Database, deps: LegalTextAdminDeps) {
  const repository = createPublicContentRepository(db);
  const namesOf = (rows: LegalTextVersionRow[]) => deps.staffNames(rows.flatMap((row) => (row.publishedBy ? [row.publishedBy] : [])));

  async function publishVersion(
    actor: StaffPrincipal,
    action: string,
    input: { page: LegalPageKey; basedOnVersion: number },
    bodies: LegalBodies,
    message: string,
  ): Promise<LegalTextChangeResponse> {
    return refusalAnswered(async () => {
      const version = await deps.audited(actor.id, action, { type: 'legal-text', id: input.page }, async (tx) => {
        const texts = createPublicContentRepository(tx);
        const current = await texts.currentLegalText(input.page);
        if ((current?.version ?? 0) !== input.basedOnVersion) throw new StaffRefusal(LEGAL_TEXTS.changed);
        const builtIn = (row?: LegalBodies) => (row?.bodyHtml ?? null) === null && (row?.bodyHtmlEs ?? null) === null;
        if (builtIn(bodies) && builtIn(current)) throw new StaffRefusal(LEGAL_TEXTS.alreadyBuiltIn);
        const row = await texts.insertLegalTextVersion({
          page: input.page,
          version: input.basedOnVersion + 1,
          ...bodies,
          publishedAt: deps.clock.now(),
          publishedBy: actor.id,
        });
        // Another publication from the same version committed first (the unique (page, version)).
        if (!row) throw new StaffRefusal(LEGAL_TEXTS.changed);
        let termsVersion: number | undefined;
        if (input.page === ACCEPTED_TERMS_PAGE) {
          const terms = await deps.terms.publish({ summaryEn: LEGAL_TERMS_SUMMARY.en, summaryEs: LEGAL_TERMS_SUMMARY.es }, { within: tx });
          termsVersion = terms.version;
        }
        await texts.announceChange('legal-texts');
        return {
          before: current
            ? { version: current.version, bodyHtml: current.bodyHtml, bodyHtmlEs: current.bodyHtmlEs }
            : { version: 0, bodyHtml: null, bodyHtmlEs: null },
          after: { version: row.version, ...bodies, ...(termsVersion !== undefined && { termsVersion }) },
          result: row.version,
          targetId: `${input.page}@${row.version}`,
        };
      });
      deps.forgetCached();
      return { status: 'succeed' as const, message, version };
    });
  }

  return {
    async listLegalTexts(): Promise<StaffLegalTextsResponse> {
      const rows = await repository.currentLegalTexts();
      const names = await namesOf(rows);
      const current = new Map(rows.map((row) => [row.page, row]));
      return {
        status: 'succeed',
        pages: LEGAL_PAGE_KEYS.map((page) => {
          const row = current.get(page);
          return { page, title: LEGAL_PAGE_TITLES[page], current: row ? publication(row, names) : null };
        }),
      };
    },

    /** The body in force (null: the built-in text, which the console renders from the web bundle) and the page's history. */
    async legalText(page: LegalPageKey): Promise<StaffLegalTextResponse> {
      const history = await repository.legalTextHistory(page);
      const names = await namesOf(history);
      return {
        status: 'succeed',
        page,
        title: LEGAL_PAGE_TITLES[page],
        latestVersion: history[0]?.version ?? 0,
        bodyHtml: history[0]?.bodyHtml ?? null,
        bodyHtmlEs: history[0]?.bodyHtmlEs ?? null,
        history: history.map((row) => publication(row, names)),
      };
    },

    publish(actor: StaffPrincipal, input: PublishLegalTextPayload): Promise<LegalTextChangeResponse> {
      const message = input.page === ACCEPTED_TERMS_PAGE ? LEGAL_TEXTS.termsPublished : LEGAL_TEXTS.published;
      // A version without a Spanish text says so: the previous one's translation may not match the new English.
      return publishVersion(
        actor,
        'legal-text.publish',
        input,
        { bodyHtml: input.bodyHtml, bodyHtmlEs: input.bodyHtmlEs ?? null },
        message,
      );
    },

    /**
     * The built-in text in force again, recorded as a version without a body (the history keeps
     * every step); the built-in texts are English, so without a Spanish one either.
     */
    restoreBuiltIn(actor: StaffPrincipal, input: RestoreBuiltInLegalTextPayload): Promise<LegalTextChangeResponse> {
      return publishVersion(actor, 'legal-text.restore-built-in', input, { bodyHtml: null, bodyHtmlEs: null }, LEGAL_TEXTS.restored);
    },
  };
}

export type LegalTextAdminService = ReturnType<typeof createLegalTextAdminService>;
