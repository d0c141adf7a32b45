import {
  CONTENT_TEXTS,
  type AddFaqPayload,
  type ContentChangeResponse,
  type EditFaqPayload,
  type MoveFaqPayload,
  type PublishTermsPayload,
  type PublishTermsResponse,
  type StaffFaq,
  type StaffFaqsResponse,
  type StaffTermsVersionsResponse,
} from '@testerhub/shared/content-admin-schemas';
import type { Database, Executor } from '../../../core/db/client.ts';
import { refusalAnswered, StaffRefusal } from '../../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../../staff/staff-service.ts';
import { TermsChangedError, type TermsService } from '../../terms/terms-service.ts';
import { createPublicContentRepository, type FaqRow, type PublicContentRepository } from '../public-content-repository.ts';

interface ContentAdminDeps {
  /** The staff service's audit helper: the change and its audit row commit together (decision 043). */
  audited: StaffService['audited'];
  terms: Pick<TermsService, 'publish' | 'versions'>;
  /** This instance's cached public copies, dropped at once after a change (the others hear the notice). */
  forgetCached: () => void;
}

const staffFaq = (row: FaqRow): StaffFaq => ({
  id: row.id,
  type: row.type,
  question: row.question,
  answer: row.answer,
  hidden: row.hidden,
  revision: row.revision,
});

/**
 * The FAQ's row, locked until the transaction ends, when it is still at the revision its editor
 * opened: of two editors the second waits here, then finds the revision moved on.
 */
async function lockAtRevision(faqs: PublicContentRepository, input: { id: number; revision: number }): Promise<FaqRow> {
  const row = await faqs.findFaq(input.id, { lock: true });
  if (!row) throw new StaffRefusal(CONTENT_TEXTS.faqNotFound);
  if (row.revision !== input.revision) throw new StaffRefusal(CONTENT_TEXTS.faqChanged);
  return row;
}

/** The audit rows' view of a FAQ. */
const auditView = (row: FaqRow) => ({ ...staffFaq(row), sortOrder: row.sortOrder });

/**
 * The content section of the staff console (issue 12 section 6; decision 057): FAQs (add, edit,
 * hide, reorder) and the terms' versions (history, publish). An edit carries the revision its
 * editor opened and a save against any other is refused ("changed since you opened it"); every
 * change writes its audit row and its cache notice in one transaction.
 */
export function createContentAdminService(db: Database, deps: ContentAdminDeps) {
  const repository = createPublicContentRepository(db);

  async function change(
    actor: StaffPrincipal,
    action: string,
    id: string,
    work: (tx: Executor) => Promise<{ before: unknown; after: unknown; result: FaqRow; targetId?: string }>,
  ): Promise<{ status: 'succeed'; faq: FaqRow } | { status: 'failed'; message: string }> {
    return refusalAnswered(async () => {
      const faq = await deps.audited(actor.id, action, { type: 'faq', id }, async (tx) => {
        const outcome = await work(tx);
        await createPublicContentRepository(tx).announceChange('faqs');
        return outcome;
      });
      deps.forgetCached();
      return { status: 'succeed' as const, faq };
    });
  }

  const answer = (outcome: Awaited<ReturnType<typeof change>>, message: string): ContentChangeResponse =>
    outcome.status === 'succeed' ? { status: 'succeed', message, faq: staffFaq(outcome.faq) } : outcome;

  return {
    async listFaqs(): Promise<StaffFaqsResponse> {
      return { status: 'succeed', faqs: (await repository.listAllFaqs()).map(staffFaq) };
    },

    async addFaq(actor: StaffPrincipal, input: AddFaqPayload): Promise<ContentChangeResponse> {
      const outcome = await change(actor, 'faq.add', 'new', async (tx) => {
        const row = await createPublicContentRepository(tx).insertFaq(input);
        return { before: null, after: auditView(row), result: row, targetId: String(row.id) };
      });
      return answer(outcome, CONTENT_TEXTS.faqAdded);
    },

    async editFaq(actor: StaffPrincipal, input: EditFaqPayload): Promise<ContentChangeResponse> {
      const outcome = await change(actor, 'faq.edit', String(input.id), async (tx) => {
        const faqs = createPublicContentRepository(tx);
        const before = await lockAtRevision(faqs, input);
        const fields = { type: input.type, question: input.question, answer: input.answer, hidden: input.hidden };
        const sortOrder = input.type === before.type ? undefined : await faqs.nextSortOrder(input.type);
        const after = await faqs.updateFaq(input.id, input.revision, { ...fields, ...(sortOrder === undefined ? {} : { sortOrder }) });
        if (!after) throw new StaffRefusal(CONTENT_TEXTS.faqChanged);
        return { before: auditView(before), after: auditView(after), result: after };
      });
      return answer(outcome, CONTENT_TEXTS.faqSaved);
    },

    /** One place up or down within its group: the group's rows are locked while it is renumbered. */
    async moveFaq(actor: StaffPrincipal, input: MoveFaqPayload): Promise<ContentChangeResponse> {
      const outcome = await change(actor, 'faq.move', String(input.id), async (tx) => {
        const faqs = createPublicContentRepository(tx);
        const moved = await lockAtRevision(faqs, input);
        const group = await faqs.lockFaqGroup(moved.type);
        const at = group.findIndex((row) => row.id === moved.id);
        const to = input.direction === 'up' ? at - 1 : at + 1;
        if (to < 0 || to >= group.length) throw new StaffRefusal(CONTENT_TEXTS.faqAtEdge);
        const ids = group.map((row) => row.id);
        [ids[at], ids[to]] = [ids[to]!, ids[at]!];
        const after = await faqs.setFaqOrder(ids, moved.id);
        return { before: auditView(moved), after: { ...auditView(after), order: ids }, result: after };
      });
      return answer(outcome, CONTENT_TEXTS.faqMoved);
    },

    async termsVersions(): Promise<StaffTermsVersionsResponse> {
      const { versions, inForce } = await deps.terms.versions();
      return {
        status: 'succeed',
        latestVersion: versions[0]?.version ?? null,
        versions: versions.map((row) => ({
          version: row.version,
          publishedAt: row.publishedAt.toISOString(),
          summaryEn: row.summaryEn,
          summaryEs: row.summaryEs,
          inForce: row.version === inForce,
        })),
      };
    },

    /**
     * A new terms version in force now, through TermsService.publish (decision 041): every tester
     * is asked to accept it at their next visit. Refused when another version was published since
     * the page showed `basedOnVersion`.
     */
    async publishTerms(actor: StaffPrincipal, input: PublishTermsPayload): Promise<PublishTermsResponse> {
      try {
        const row = await deps.audited(actor.id, 'terms.publish', { type: 'terms-version', id: 'new' }, async (tx) => {
          const published = await deps.terms.publish(
            { summaryEn: input.summaryEn, summaryEs: input.summaryEs },
            { basedOn: input.basedOnVersion, within: tx },
          );
          const after = {
            version: published.version,
            publishedAt: published.publishedAt.toISOString(),
            summaryEn: published.summaryEn,
            summaryEs: published.summaryEs,
          };
          return { before: { latestVersion: input.basedOnVersion }, after, result: published, targetId: String(published.version) };
        });
        return { status: 'succeed', message: CONTENT_TEXTS.termsPublished, version: row.version };
      } catch (error) {
        if (error instanceof TermsChangedError) return { status: 'failed', message: CONTENT_TEXTS.termsChanged };
        throw error;
      }
    },
  };
}

export type ContentAdminService = ReturnType<typeof createContentAdminService>;
