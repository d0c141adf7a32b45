import type { Executor } from '../../core/db/client.ts';
import type { AuditTarget } from '../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import { createPublicContentRepository } from './public-content-repository.ts';

export interface ContentChangeDeps {
  /** The staff service's audit helper: the change and its audit row commit together (decision 043). */
  audited: StaffService['audited'];
  /** This instance's cached public copies, dropped at once after a change (the others hear the notice). */
  forgetCached: () => void;
}

/**
 * One audited change of public content that also announces itself (the notice names the target's
 * type); this instance forgets its copies once it committed. The winners, the test sites and the
 * referral event texts (decision 066) change through it.
 */
export function auditedContentChange(deps: ContentChangeDeps) {
  return async function change<T>(
    actor: StaffPrincipal,
    action: string,
    target: AuditTarget,
    work: (
      content: ReturnType<typeof createPublicContentRepository>,
      tx: Executor,
    ) => Promise<{ before: unknown; after: unknown; result: T; targetId?: string }>,
  ): Promise<T> {
    const result = await deps.audited(actor.id, action, target, async (tx: Executor) => {
      const content = createPublicContentRepository(tx);
      const outcome = await work(content, tx);
      await content.announceChange(target.type);
      return outcome;
    });
    deps.forgetCached();
    return result;
  };
}
