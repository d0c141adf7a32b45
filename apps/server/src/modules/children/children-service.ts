import { checkEmail } from '@testerhub/shared/account-rules';
import { bilingual, languageOf } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/messages-children.json';
import es from '@testerhub/shared/locales/es/messages-children.json';
import { screenerMessagesFor } from '@testerhub/shared/screener-messages';
import {
  CHILD_LIMITS,
  isChildSelectable,
  type ChildRegistrationPayload,
  type ChildRegistrationResponse,
  type ChildrenForStudyResponse,
  type ConfirmKidResponse,
  type CustomChild,
  type DoChildrenScreenerResponse,
  type RegisteredChild,
} from '@testerhub/shared/children-schemas';
import { HOUR_MS, type Clock } from '../../core/clock.ts';
import { inTransaction, type Database, type Executor } from '../../core/db/client.ts';
import { NotFoundError } from '../../core/errors.ts';
import { childConfirmationMessage, type MailService } from '../mail/mail-service.ts';
import {
  childAgesOf,
  childFitsStudy,
  isKidStudy,
  isStudyFull,
  isStudyOpen,
  SCREENER_TEXTS,
  TEEN_AND_ADULT_PARTICIPANT_TYPE,
  testerAge,
} from '@testerhub/shared/study-rules';
import { hostedScreenerPath, type StudyRow } from '../studies/study-service.ts';
import type { TesterRow, TesterService } from '../testers/tester-service.ts';
import { createChildrenRepository, type ChildRow } from './children-repository.ts';

/** Where the confirmation e-mail's link lands: the account root keeps `k` and confirms after login. */
export const CONFIRM_CHILD_PATH = '/community';

interface ChildrenDeps {
  clock: Clock;
  testers: Pick<TesterService, 'lockForUpdate'>;
  mail: Pick<MailService, 'queue' | 'link'>;
  /** Whether the tester has attended a study (the scheduling service): online registration opens then. */
  hasAttended: (testerId: string, tx?: Executor) => Promise<boolean>;
  /** A study by number (the studies service), to tell whether a registration's study is still open. */
  findStudy: (studyNo: number, tx?: Executor) => Promise<{ opensAt: Date; closesAt: Date | null } | null>;
  /** Hours an unconfirmed child is kept (CHILD_CONFIRMATION_HOURS). */
  confirmationHours?: number;
  /** CHILDREN_PER_PARENT: at most this many current children per parent (decision 079). */
  childrenPerParent?: number;
  /** The study when it is open to this tester (the studies service). */
  openStudyFor: (tester: TesterRow, studyNo: number) => Promise<StudyRow | null>;
  /** The tester's children who finished the study's screener or wait for it (the screening service). */
  childrenInStudy: (testerId: string, studyNo: number) => Promise<{ screened: Set<number>; waitlisted: Set<number> }>;
}

/** Which children a study call is about: any child for a kid study, teens for a teen-and-adult study. */
export type ChildrenFor = 'kidStudy' | 'teens';

const TEEN_MIN_AGE = 13;

/** The study fits the call: a kid study for the child popup, a teen-and-adult study for the teen branch. */
const studyFits = (study: StudyRow, kind: ChildrenFor) =>
  childAgesOf(study) !== null && (kind === 'kidStudy' ? isKidStudy(study) : study.participantTypeId === TEEN_AND_ADULT_PARTICIPANT_TYPE);

const pad = (value: number) => String(value).padStart(2, '0');
/** A name as stored and compared: spaces at the ends dropped and runs of spaces made one (the duplicate rule). */
const tidyName = (name: string) => name.trim().replace(/\s+/g, ' ');
const DEFAULT_CHILDREN_PER_PARENT = 6;
const fullName = (child: Pick<ChildRow, 'firstName' | 'lastName'>) => `${child.firstName} ${child.lastName}`;

const childMessages = bilingual(en, es);
/**
 * The refusals a parent reads when registering or screening a child, in the parent's own language
 * (issue 28; decision 115). The English file says word for word what CHILD_TEXTS and CHILD_FLOW_TEXTS
 * say (children-messages.test.ts holds them together).
 */
const childMessagesFor = (tester: { language: string }) => childMessages(languageOf(tester.language));

/**
 * The children's rows other modules read: the names of booked children, the kid GUID of a seat
 * offer's link, a tester's confirmed child. Built before scheduling and screening, which the
 * children service itself uses, so that no module reaches one built after it (decision 082).
 */
export function createChildrenReader(db: Database) {
  const repository = createChildrenRepository(db);
  return {
    /** The kid GUID (k of the links) of a child by its key; null when the child is gone. */
    async publicIdOf(childId: number, tx?: Executor): Promise<string | null> {
      return (await createChildrenRepository(tx ?? db).findById(childId))?.publicId ?? null;
    },

    /** The tester's confirmed, current child by its kid GUID, as screening and scheduling need it; else null. */
    async findChild(parentId: string, publicId: string) {
      const child = await repository.findConfirmed(parentId, publicId);
      return child && { id: child.id, publicId: child.publicId, fullName: fullName(child), birthDate: child.birthDate };
    },

    /** Full names by child key (the schedule check and the schedule e-mails name the child of a booking). */
    childNames: (ids: readonly number[], tx?: Executor) => createChildrenRepository(tx ?? db).namesByIds(ids),

    /** Full names and dates of birth by child key (site staff's list of the day shows each child's age). */
    childNamesAndBirthDates: (ids: readonly number[]) => repository.namesAndBirthDatesByIds(ids),
  };
}

export type ChildrenReader = ReturnType<typeof createChildrenReader>;

/**
 * Children of testers (decision 028): online registration for a tester who has attended a study, at
 * most CHILDREN_PER_PARENT current children (decision 079), the e-mailed link (the e-mail step; Tester
 * Services confirm the child by phone, child-queue-service.ts), and removal of registrations left unconfirmed.
 */
export function createChildrenService(db: Database, deps: ChildrenDeps) {
  const repository = createChildrenRepository(db);
  const reader = createChildrenReader(db);
  const hours = deps.confirmationHours ?? CHILD_LIMITS.confirmationHours;
  const childrenPerParent = deps.childrenPerParent ?? DEFAULT_CHILDREN_PER_PARENT;
  const now = () => deps.clock.now();

  const toListItem = (child: ChildRow): RegisteredChild => ({
    childId: child.publicId,
    fullName: fullName(child),
    isConfirmed: child.confirmedAt !== null,
    expiresAt: child.confirmedAt ? null : (child.expiresAt?.toISOString() ?? null),
    emailConfirmed: child.emailConfirmedAt !== null,
  });

  return {
    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => repository.exportOf(testerId),

    /** How many children merging `fromParent` into `toParent` would move (decision 144). */
    movableChildren: (fromParent: string, toParent: string) => repository.countMovable(fromParent, toParent),

    /** A merge's part (decision 144), in its unit of work: the children `toParent` does not have move to them. */
    moveChildren: (fromParent: string, toParent: string, tx: Executor) => createChildrenRepository(tx).moveTo(fromParent, toParent),

    publicIdOf: reader.publicIdOf,

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
        // One registration of a parent at a time: the duplicate check and the cap below then see the other one.
        const parent = await deps.testers.lockForUpdate(parentId, tx);
        if (!parent) throw new NotFoundError('No such tester.');
        const language = languageOf(parent.language);
        const t = childMessages(language);
        if (!(await deps.hasAttended(parentId, tx))) return { status: '101' as const, detail: t('mustJoinFirst') };
        if (studyNo !== null) {
          const study = await deps.findStudy(studyNo, tx);
          if (!study || !isStudyOpen(study, at)) return { status: '103' as const, detail: t('studyUnavailable') };
        }
        if (checkEmail(parent.email)) return { status: '102' as const, detail: t('emailUnsendable') };

        const children = createChildrenRepository(tx);
        const identity = {
          firstName: tidyName(payload.firstName),
          lastName: tidyName(payload.lastName),
          birthDate: `${payload.year}-${pad(payload.month)}-${pad(payload.day)}`,
        };
        const same = await children.findSame(parentId, identity);
        const duplicate = { status: 'kidExisted' as const, detail: t('duplicate') };
        if (same && (same.confirmedAt || (same.expiresAt && same.expiresAt > at))) return duplicate;
        // An expired registration the job has not removed yet is replaced by the new one.
        if (same) await children.deleteById(same.id);
        // Counted under the parent's lock, so simultaneous registrations cannot pass the cap together.
        if ((await children.countCurrent(parentId, at)) >= childrenPerParent)
          return { status: 'tooManyChildren' as const, detail: t('tooMany', { limit: childrenPerParent }) };
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
        if (!child) return duplicate;
        await deps.mail.queue(
          childConfirmationMessage({
            to: parent.email,
            parentFirstName: parent.firstName,
            childName: child.firstName,
            // The link opens a new tab, which knows no language: a Spanish parent's says so (useLinkLanguage).
            link: deps.mail.link(CONFIRM_CHILD_PATH, language === 'es' ? { k: child.publicId, lang: 'es' } : { k: child.publicId }),
            hours,
            language,
          }),
          tx,
        );
        return { status: 'succeed' as const };
      });
      return result;
    },

    /**
     * The parent's e-mailed link (ConfirmKid): marks the e-mail step, once, and only before expiry.
     * It confirms the e-mail address, not the child: only Tester Services' call does (decision 079),
     * so the answer says whether they have yet.
     */
    async confirm(parentId: string, childPublicId: string): Promise<ConfirmKidResponse> {
      const at = now();
      return inTransaction(db, async (tx) => {
        const children = createChildrenRepository(tx);
        const marked = await children.markEmailConfirmed(parentId, childPublicId, at);
        if (!marked) return { status: 'failed' as const };
        if (marked.newlyMarked) {
          await children.recordAttempt({ childId: marked.row.id, channel: 'emailLink', outcome: 'confirmed', attemptedAt: at });
        }
        return { status: 'succeed' as const, fullName: fullName(marked.row), isConfirmed: marked.row.confirmedAt !== null };
      });
    },

    findChild: reader.findChild,
    childNames: reader.childNames,

    /**
     * POST GetChildrenInfo (a kid study) and GetChildrenInfoWithAge (teens for a teen-and-adult
     * study): the parent's children with what rules each out, and a status for the popup (decision 029).
     */
    async childrenForStudy(tester: TesterRow, studyNo: number, kind: ChildrenFor): Promise<ChildrenForStudyResponse> {
      const answer = (status: ChildrenForStudyResponse['status'], customChildren: CustomChild[] = []) => ({ status, customChildren });
      const study = await deps.openStudyFor(tester, studyNo);
      if (!study || !studyFits(study, kind)) return answer('failed');
      if (checkEmail(tester.email)) return answer('changeEmailAddress');
      const at = now();
      const listed = (await repository.listForParent(tester.id, at)).filter(
        (child) => kind === 'kidStudy' || testerAge(child.birthDate, at) >= TEEN_MIN_AGE,
      );
      if (listed.length === 0) return answer('noChildren');
      const { screened, waitlisted } = await deps.childrenInStudy(tester.id, studyNo);
      const full = isStudyFull(study);
      const customChildren = listed.map((child) => ({
        testerId: child.publicId,
        testerName: fullName(child),
        studyNo,
        age: testerAge(child.birthDate, at),
        isConfirmed: child.confirmedAt !== null,
        isWaitList: waitlisted.has(child.id),
        isAgeQualified: childFitsStudy(study, child, at),
        isQuotaQualified: !full,
        isScreened: screened.has(child.id),
      }));
      if (!customChildren.some((child) => child.isConfirmed)) return answer('notConfirmed', customChildren);
      if (!customChildren.some(isChildSelectable)) return answer('noQualifiedChildren', customChildren);
      return answer('succeed', customChildren);
    },

    /** POST DoChildrenScreener: where the parent goes to screen the child for the study, or why not. */
    async doChildrenScreener(tester: TesterRow, childPublicId: string, studyNo: number): Promise<DoChildrenScreenerResponse> {
      const t = childMessagesFor(tester);
      const study = await deps.openStudyFor(tester, studyNo);
      // Outside screeners are not run for children online: Tester Services screens them (decision 029).
      if (!study || childAgesOf(study) === null || study.screenerKind !== 'hosted')
        return { status: '103', message: t('studyUnavailable') };
      const child = await repository.findConfirmed(tester.id, childPublicId.toLowerCase());
      if (!child) {
        // The parent's own child Tester Services have not confirmed yet: say so rather than "register first".
        const waiting = await repository.findCurrent(tester.id, childPublicId.toLowerCase(), now());
        return { status: '101', message: t(waiting ? 'notConfirmedYet' : 'mustJoinFirst') };
      }
      if (checkEmail(tester.email)) return { status: '102', message: t('emailUnsendable') };
      if (!childFitsStudy(study, child, now())) return { status: 'notQualified', message: t('childAgeNotTaken') };
      const { screened, waitlisted } = await deps.childrenInStudy(tester.id, studyNo);
      if (screened.has(child.id) || waitlisted.has(child.id)) return { status: 'notQualified', message: t('childAlreadyScreened') };
      if (isStudyFull(study)) return { status: SCREENER_TEXTS.fullStatus, message: screenerMessagesFor(tester)('full') };
      return { status: 'succeed', redirectLink: `${hostedScreenerPath(studyNo)}?${new URLSearchParams({ k: child.publicId }).toString()}` };
    },

    /** The scheduled job's work: removes unconfirmed registrations past their expiry. */
    expireUnconfirmed: () => repository.deleteExpired(now()),

    /**
     * Test support only: Tester Services' confirming call on the parent's unconfirmed, current child,
     * recorded as the staff queue records it (without a caller); false when there is no such child.
     */
    confirmByPhone: (childPublicId: string) =>
      inTransaction(db, async (tx) => {
        const children = createChildrenRepository(tx);
        const at = now();
        const child = await children.lockByPublicId(childPublicId.toLowerCase());
        if (!child || !(await children.confirmById(child.id, at))) return false;
        await children.recordAttempt({ childId: child.id, channel: 'phone', outcome: 'confirmed', attemptedAt: at });
        return true;
      }),

    /** Test support only: a child Tester Services have already confirmed by phone, as the demo seed makes one; its key. */
    async addConfirmedChild(parentId: string, child: { firstName: string; lastName: string; birthDate: string }): Promise<number> {
      const at = now();
      const row = await repository.insert({
        parentId,
        ...child,
        race: 'O',
        gender: 'F',
        phone: '3125550113',
        createdAt: at,
        confirmedAt: at,
      });
      return row!.id;
    },

    /** Test support only: an unconfirmed registration's expiry moved (back), as if its 24 hours had passed. */
    moveExpiry: (childPublicId: string, expiresAt: Date) => repository.setExpiry(childPublicId, expiresAt),
  };
}

export type ChildrenService = ReturnType<typeof createChildrenService>;
