import { fillText, languageOf, type Language } from '@testerhub/shared/i18n';
import type { TestSite } from '@testerhub/shared/public-content';
import { formatSession } from '@testerhub/shared/schedule-format';
import {
  MESSAGE_TEMPLATES,
  MESSAGE_TEXTS,
  type MessageRecipients,
  type PreviewMessagePayload,
  type PreviewMessageResponse,
  type SendMessagePayload,
  type SendMessageResponse,
  type SentMessagesResponse,
} from '@testerhub/shared/staff-message-schemas';
import { studyLabel } from '@testerhub/shared/staff-words';
import { refusalAnswered, StaffRefusal } from '../../../core/audit/audited.ts';
import type { Clock } from '../../../core/clock.ts';
import { inTransaction, type Database, type Executor } from '../../../core/db/client.ts';
import { greetingFor, standardMessage, type MailService, type OutgoingEmail } from '../../mail/mail-service.ts';
import type { ScreeningReader } from '../../screening/screening-service.ts';
import type { StaffPrincipal, StaffService } from '../../staff/staff-service.ts';
import type { TesterService } from '../../testers/tester-service.ts';
import { DEFAULT_TIME_ZONE } from '../schedule-mail/schedule-notices.ts';
import type { GroupWithSessions } from '../scheduling-repository.ts';
import { groupLabel, type SchedulingService } from '../scheduling-service.ts';
import { createStaffMessageRepository, type SentMessageRow } from './staff-message-repository.ts';

/** What staff write: a template's name, the English text, and the Spanish text for a template (its own when not sent). */
type MessageText = Pick<SendMessagePayload, 'template' | 'subject' | 'body' | 'spanishSubject' | 'spanishBody'>;

/** One tester's e-mail and the language it is in. */
interface Letter {
  email: OutgoingEmail;
  language: Language;
}

/** One person a message goes to: a tester (a child's seat is the parent's to hear of), with the group it is about, if any. */
interface Addressee {
  testerId: string;
  group: GroupWithSessions | null;
}

/** The outbox kind of every message staff write (the data export and the development mailbox show it). */
const STAFF_MESSAGE_KIND = 'staff-message';
/** How many sends the study page lists. */
const SENT_LIST_LIMIT = 100;

/** A second send with a request id already logged: nothing of it is written, and the first send's answer is given. */
class AlreadySent extends Error {
  constructor(readonly first: SentMessageRow) {
    super('already sent');
  }
}

/**
 * Messages from staff to a group's or a study's people (issue 29; decision 123): from a template,
 * each tester's e-mail in their language with the placeholders filled from their own session (on the
 * site's clock), one outbox row per person, logged and audited in one unit of work. Testers who
 * turned e-mail off are skipped and counted. A send's request id is logged once, so a retried or
 * double-submitted send queues nobody twice.
 */
export function createStaffMessages(
  db: Database,
  deps: {
    clock: Clock;
    scheduling: Pick<SchedulingService, 'groupByPublicId' | 'groupsOfStudyIn' | 'liveBookingsInStudy'>;
    testers: Pick<TesterService, 'mailContact' | 'mayEmail'>;
    waiting: Pick<ScreeningReader, 'waitingForGroup' | 'waitingForStudy' | 'forgetGroup'>;
    mail: Pick<MailService, 'queue'>;
    listTestSitesIn: (tx: Executor) => Promise<TestSite[]>;
    studyNames: (studyNos: readonly number[], tx?: Executor) => Promise<Map<number, string>>;
    staffNames: StaffService['staffNames'];
    audited: StaffService['audited'];
  },
) {
  const now = () => deps.clock.now();

  /** The study (and group) a message is about, refused when gone. */
  async function placeOf(input: Pick<PreviewMessagePayload, 'scope' | 'groupId' | 'studyNo'>, tx: Executor) {
    if (input.scope === 'group') {
      const group = await deps.scheduling.groupByPublicId(input.groupId!, tx);
      if (!group) throw new StaffRefusal(MESSAGE_TEXTS.groupNotFound, 'groupId');
      return { studyNo: group.studyNo, group };
    }
    const names = await deps.studyNames([input.studyNo!], tx);
    if (!names.has(input.studyNo!)) throw new StaffRefusal(MESSAGE_TEXTS.studyNotFound, 'studyNo');
    return { studyNo: input.studyNo!, group: null };
  }

  /** The people of the list chosen, each once: the booked first (with their own group), then the waiting list. */
  async function addresseesOf(place: { studyNo: number; group: GroupWithSessions | null }, recipients: MessageRecipients, tx: Executor) {
    const people = new Map<string, Addressee>();
    if (recipients !== 'waitlisted') {
      const groups = new Map((await deps.scheduling.groupsOfStudyIn(place.studyNo, tx)).map((group) => [group.id, group]));
      for (const booking of await deps.scheduling.liveBookingsInStudy(place.studyNo, tx)) {
        if (place.group && booking.groupId !== place.group.id) continue;
        if (!people.has(booking.testerId))
          people.set(booking.testerId, { testerId: booking.testerId, group: groups.get(booking.groupId) ?? null });
      }
    }
    if (recipients !== 'booked') {
      const waiting = place.group
        ? await deps.waiting.waitingForGroup(place.studyNo, place.group.id, tx)
        : await deps.waiting.waitingForStudy(place.studyNo, tx);
      for (const person of waiting)
        if (!people.has(person.testerId)) people.set(person.testerId, { testerId: person.testerId, group: place.group });
    }
    return [...people.values()];
  }

  /** The e-mails of the addressees who may be e-mailed, and how many turned e-mail off. */
  async function lettersTo(addressees: Addressee[], text: MessageText, studyNo: number, tx: Executor) {
    const studyName = (await deps.studyNames([studyNo], tx)).get(studyNo) || `Study ${studyNo}`;
    const sites = new Map((await deps.listTestSitesIn(tx)).map((site) => [site.siteId, site]));
    const letters: Letter[] = [];
    let skipped = 0;
    for (const addressee of addressees) {
      const contact = await deps.testers.mailContact(addressee.testerId, tx);
      if (!contact) continue;
      // A message from staff is held back by the tester's e-mail choice, as invitations are (decision 035).
      if (!(await deps.testers.mayEmail(addressee.testerId, 'invitation', tx))) {
        skipped += 1;
        continue;
      }
      letters.push(compose({ ...contact, language: languageOf(contact.language) }, text, studyName, addressee.group, sites));
    }
    return { letters, skipped };
  }

  /** One outbox row per letter, in the caller's unit of work. */
  async function queueAll(letters: Letter[], tx: Executor) {
    for (const letter of letters) await deps.mail.queue(letter.email, tx);
  }

  const answerOf = (row: Pick<SentMessageRow, 'queued' | 'skipped'>): SendMessageResponse => ({
    status: 'succeed',
    message: MESSAGE_TEXTS.sent(row.queued, row.skipped),
    queued: row.queued,
    skipped: row.skipped,
  });

  return {
    /** How many would get the message, how many are skipped, and the first one's e-mail as they would read it. Writes nothing. */
    preview(input: PreviewMessagePayload): Promise<PreviewMessageResponse> {
      return refusalAnswered(() =>
        inTransaction(db, async (tx) => {
          const place = await placeOf(input, tx);
          const { letters, skipped } = await lettersTo(await addresseesOf(place, input.recipients, tx), input, place.studyNo, tx);
          const first = letters[0];
          return {
            status: 'succeed' as const,
            recipients: letters.length,
            skipped,
            example: first
              ? { to: first.email.toAddress, language: first.language, subject: first.email.subject, text: first.email.text }
              : null,
          };
        }),
      );
    },

    /** Queues the message to each person on the list, logs and audits the send; a repeat of a request id queues nobody. */
    async send(staff: StaffPrincipal, input: SendMessagePayload): Promise<SendMessageResponse> {
      try {
        return await refusalAnswered(() =>
          deps.audited(staff.id, 'message.send', { type: 'study', id: String(input.studyNo ?? '') }, async (tx) => {
            const place = await placeOf(input, tx);
            const { letters, skipped } = await lettersTo(await addresseesOf(place, input.recipients, tx), input, place.studyNo, tx);
            if (letters.length === 0) throw new StaffRefusal(MESSAGE_TEXTS.nobody, 'recipients');
            const logged = await createStaffMessageRepository(tx).insertOnce({
              requestId: input.requestId,
              staffId: staff.id,
              studyNo: place.studyNo,
              groupId: place.group?.id ?? null,
              recipients: input.recipients,
              template: input.template,
              subject: input.subject,
              queued: letters.length,
              skipped,
              sentAt: now(),
            });
            if (!logged) {
              const first = await createStaffMessageRepository(tx).byRequestId(input.requestId);
              throw first ? new AlreadySent(first) : new StaffRefusal(MESSAGE_TEXTS.requestInvalid);
            }
            await queueAll(letters, tx);
            return {
              before: null,
              after: {
                study: studyLabel(place.studyNo, (await deps.studyNames([place.studyNo], tx)).get(place.studyNo)),
                group: place.group ? groupLabel(place.group, await siteMap(tx)) : null,
                recipients: input.recipients,
                template: input.template,
                subject: input.subject,
                queued: letters.length,
                skipped,
              },
              targetId: String(place.studyNo),
              result: answerOf({ queued: letters.length, skipped }),
            };
          }),
        );
      } catch (error) {
        if (error instanceof AlreadySent) return answerOf(error.first);
        throw error;
      }
    },

    /** What was sent to the study's people, newest first. */
    async sent(studyNo: number): Promise<SentMessagesResponse> {
      const rows = await createStaffMessageRepository(db).ofStudy(studyNo, SENT_LIST_LIMIT);
      const groups = new Map((await deps.scheduling.groupsOfStudyIn(studyNo, db)).map((group) => [group.id, group]));
      const sites = await siteMap(db);
      const names = await deps.staffNames([...new Set(rows.map((row) => row.staffId))]);
      return {
        status: 'succeed' as const,
        messages: rows.map((row) => {
          const group = row.groupId === null ? undefined : groups.get(row.groupId);
          return {
            sentAt: row.sentAt.toISOString(),
            sentBy: names.get(row.staffId) ?? 'A former staff member',
            scope: row.groupId === null ? ('study' as const) : ('group' as const),
            group: group ? groupLabel(group, sites) : null,
            template: row.template as SentMessagesResponse['messages'][number]['template'],
            recipients: row.recipients as MessageRecipients,
            subject: row.subject,
            queued: row.queued,
            skipped: row.skipped,
          };
        }),
      };
    },

    /**
     * The notice of a cancelled group (decision 123), in the cancel's unit of work: to everyone it
     * released (the booked, whose cancellation e-mails the cancel wrote, and those whose seat offers
     * ended) and everyone waiting for the group, whose Notify me entries then leave it. Logged as a
     * send to the group's booked and waiting people. Answers how many were told and skipped.
     */
    async noticeOfCancelledGroup(
      staff: StaffPrincipal,
      cancelled: { group: GroupWithSessions; testerIds: string[] },
      notice: MessageText,
      tx: Executor,
    ) {
      const { group } = cancelled;
      const waiting = await deps.waiting.waitingForGroup(group.studyNo, group.id, tx);
      await deps.waiting.forgetGroup(group.studyNo, group.id, tx);
      const testerIds = new Set([...cancelled.testerIds, ...waiting.map((person) => person.testerId)]);
      const { letters, skipped } = await lettersTo(
        [...testerIds].map((testerId) => ({ testerId, group })),
        notice,
        group.studyNo,
        tx,
      );
      const logged = await createStaffMessageRepository(tx).insertOnce({
        requestId: `cancel-group:${group.publicId}`,
        staffId: staff.id,
        studyNo: group.studyNo,
        groupId: group.id,
        recipients: 'booked-and-waitlisted',
        template: notice.template,
        subject: notice.subject,
        queued: letters.length,
        skipped,
        sentAt: now(),
      });
      // A group is cancelled once: a second cancel (at once, or after it was opened again) is refused and undone whole.
      if (!logged) throw new StaffRefusal(MESSAGE_TEXTS.alreadyCancelled, 'groupId');
      await queueAll(letters, tx);
      return { told: letters.length, skipped };
    },
  };

  async function siteMap(tx: Executor) {
    return new Map((await deps.listTestSitesIn(tx)).map((site) => [site.siteId, site]));
  }
}

/**
 * One tester's e-mail: a template's Spanish text for a Spanish speaker (staff's Spanish edit when
 * sent), free text as written; the placeholders filled with their own first name, the study's
 * name, and their session's time and site on the site's clock (decision 123). Paragraphs are the
 * text's blank-line-separated parts; the layout escapes every one.
 */
function compose(
  contact: { email: string; firstName: string; language: Language },
  text: MessageText,
  studyName: string,
  group: GroupWithSessions | null,
  sites: Map<string, TestSite>,
): Letter {
  const { language } = contact;
  const spanish = MESSAGE_TEMPLATES[text.template].es;
  const chosen =
    language === 'es' && spanish
      ? { subject: text.spanishSubject ?? spanish.subject, body: text.spanishBody ?? spanish.body }
      : { subject: text.subject, body: text.body };
  const site = group?.siteId ? sites.get(group.siteId) : undefined;
  const first = group?.sessions[0];
  const noSession = language === 'es' ? MESSAGE_TEXTS.noSessionEs : MESSAGE_TEXTS.noSession;
  const values = {
    firstName: contact.firstName,
    study: studyName,
    sessionTime: first
      ? formatSession(first.startsAt.toISOString(), first.endsAt.toISOString(), site?.timeZone ?? DEFAULT_TIME_ZONE, language)
      : noSession,
    site: !group
      ? noSession
      : group.kind === 'virtual'
        ? language === 'es'
          ? MESSAGE_TEXTS.onlineEs
          : MESSAGE_TEXTS.online
        : (site?.name ?? ''),
  };
  return {
    email: standardMessage({
      to: contact.email,
      kind: STAFF_MESSAGE_KIND,
      subject: fillText(chosen.subject, values).replace(/\s+/g, ' ').trim(),
      greeting: greetingFor(language, contact.firstName),
      paragraphs: fillText(chosen.body, values)
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean),
      language,
    }),
    language,
  };
}

export type StaffMessages = ReturnType<typeof createStaffMessages>;
