import { checkEmail } from '@testerhub/shared/account-rules';
import {
  CHILD_LIMITS,
  CHILD_TEXTS,
  type ChildRegistrationPayload,
  type ChildRegistrationResponse,
  type ConfirmKidResponse,
  type RegisteredChild,
} from '@testerhub/shared/children-schemas';
import { HOUR_MS, type Clock } from '../../core/clock.ts';
import { inTransaction, type Database, type Executor } from '../../core/db/client.ts';
import { NotFoundError } from '../../core/errors.ts';
import { childConfirmationMessage, type MailService } from '../mail/mail-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { createChildrenRepository, type ChildRow } from './children-repository.ts';

/** Where the confirmation e-mail's link lands: the account root keeps `k` and confirms after login. */
export const CONFIRM_CHILD_PATH = '/community';

interface ChildrenDeps {
  clock: Clock;
  testers: Pick<TesterService, 'lockForUpdate'>;
  mail: Pick<MailService, 'queue' | 'link' | 'nudge'>;
  /** Whether the tester has attended a study (the scheduling service): online registration opens then. */
  hasAttended: (testerId: string, tx?: Executor) => Promise<boolean>;
  /** A study by number (the studies service), to tell whether a registration's study is still open. */
  findStudy: (studyNo: number, tx?: Executor) => Promise<{ opensAt: Date; closesAt: Date | null } | null>;
  /** Hours an unconfirmed child is kept (CHILD_CONFIRMATION_HOURS). */
  confirmationHours?: number;
}

const pad = (value: number) => String(value).padStart(2, '0');
const fullName = (child: Pick<ChildRow, 'firstName' | 'lastName'>) => `${child.firstName} ${child.lastName}`;

/**
 * Children of testers (decision 028): online registration for a tester who has attended a study,
 * confirmation by the parent's e-mailed link, and removal of registrations left unconfirmed.
 */
export function createChildrenService(db: Database, deps: ChildrenDeps) {
  const repository = createChildrenRepository(db);
  const hours = deps.confirmationHours ?? CHILD_LIMITS.confirmationHours;
  const now = () => deps.clock.now();

  const toListItem = (child: ChildRow): RegisteredChild => ({
    childId: child.publicId,
    fullName: fullName(child),
    isConfirmed: child.confirmedAt !== null,
    expiresAt: child.confirmedAt ? null : (child.expiresAt?.toISOString() ?? null),
  });

  return {
    /** The kid GUID (k of the links) of a child by its key; null when the child is gone. */
    async publicIdOf(childId: number, tx?: Executor): Promise<string | null> {
      return (await createChildrenRepository(tx ?? db).findById(childId))?.publicId ?? null;
    },

    async listChildren(parentId: string): Promise<RegisteredChild[]> {
      return (await repository.listForParent(parentId, now())).map(toListItem);
    },

    /**
     * Registers a child, unconfirmed, and e-mails the parent the confirmation link, in one
     * transaction: no child without its e-mail, no e-mail for a refused child.
     */
    async register(parentId: string, payload: ChildRegistrationPayload, studyNo: number | null = null): Promise<ChildRegistrationResponse> {
      const at = now();
      const result = await inTransaction(db, async (tx) => {
        // One registration of a parent at a time: the duplicate check below then sees the other one.
        const parent = await deps.testers.lockForUpdate(parentId, tx);
        if (!parent) throw new NotFoundError('No such tester.');
        if (!(await deps.hasAttended(parentId, tx))) return { status: '101' as const, detail: CHILD_TEXTS.mustJoinFirst };
        if (studyNo !== null) {
          const study = await deps.findStudy(studyNo, tx);
          const open = study && study.opensAt <= at && (!study.closesAt || study.closesAt > at);
          if (!open) return { status: '103' as const, detail: CHILD_TEXTS.studyUnavailable };
        }
        if (checkEmail(parent.email)) return { status: '102' as const, detail: CHILD_TEXTS.emailUnsendable };

        const children = createChildrenRepository(tx);
        const identity = {
          firstName: payload.firstName,
          lastName: payload.lastName,
          birthDate: `${payload.year}-${pad(payload.month)}-${pad(payload.day)}`,
        };
        const same = await children.findSame(parentId, identity);
        if (same && (same.confirmedAt || (same.expiresAt && same.expiresAt > at))) return { status: 'kidExisted' as const };
        // An expired registration the job has not removed yet is replaced by the new one.
        if (same) await children.deleteById(same.id);
        const child = await children.insert({
          ...identity,
          parentId,
          race: payload.race,
          gender: payload.gender,
          phone: payload.phone,
          registeredForStudy: studyNo,
          createdAt: at,
          expiresAt: new Date(at.getTime() + hours * HOUR_MS),
        });
        if (!child) return { status: 'kidExisted' as const };
        await deps.mail.queue(
          childConfirmationMessage({
            to: parent.email,
            parentFirstName: parent.firstName,
            childName: child.firstName,
            link: deps.mail.link(CONFIRM_CHILD_PATH, { k: child.publicId }),
            hours,
            language: parent.language === 'es' ? 'es' : 'en',
          }),
          tx,
        );
        return { status: 'succeed' as const };
      });
      if (result.status === 'succeed') deps.mail.nudge();
      return result;
    },

    /** The parent's confirmation from the e-mailed link (ConfirmKid): once, and only before expiry. */
    async confirm(parentId: string, childPublicId: string): Promise<ConfirmKidResponse> {
      const at = now();
      return inTransaction(db, async (tx) => {
        const children = createChildrenRepository(tx);
        const confirmed = await children.confirm(parentId, childPublicId, at);
        if (!confirmed) return { status: 'failed' as const };
        if (confirmed.newlyConfirmed) {
          await children.recordAttempt({ childId: confirmed.row.id, channel: 'emailLink', outcome: 'confirmed', attemptedAt: at });
        }
        return { status: 'succeed' as const, fullName: fullName(confirmed.row) };
      });
    },

    /** The scheduled job's work: removes unconfirmed registrations past their expiry. */
    expireUnconfirmed: () => repository.deleteExpired(now()),
  };
}

export type ChildrenService = ReturnType<typeof createChildrenService>;
