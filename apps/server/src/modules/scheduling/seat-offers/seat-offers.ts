import type { TestSite } from '@testerhub/shared/public-content';
import { languageOf } from '@testerhub/shared/i18n';
import { HOUR_MS, type Clock } from '../../../core/clock.ts';
import { inTransaction, type Database, type Executor } from '../../../core/db/client.ts';
import type { MailService } from '../../mail/mail-service.ts';
import { isSuspended, type TesterRow, type TesterService } from '../../testers/tester-service.ts';
import { DEFAULT_TIME_ZONE } from '../schedule-mail/schedule-notices.ts';
import { seatOfferMessage } from '../schedule-mail/schedule-mail.ts';
import { createSchedulingRepository, type GroupWithSessions } from '../scheduling-repository.ts';
import { createSeatOfferRepository, type Person } from './seat-offer-repository.ts';

export type { Person } from './seat-offer-repository.ts';

/** Groups settled per expiry sweep; a longer backlog is finished by the next sweep. */
const EXPIRY_BATCH = 100;

export interface SeatOfferDeps {
  clock: Clock;
  /** WAITLIST_OFFER_HOURS: how long an offer holds its seat. */
  offerHours: number;
  /** SCHEDULE_NOTICE_HOURS: a group is not offered (nor an offer held) inside its notice window. */
  noticeHours: number;
  /** The people waiting for the group, first first (the screening module's waiting list). */
  waitingFor: (studyNo: number, groupId: number, tx: Executor) => Promise<Person[]>;
  /** The self-schedule address (path and query) for the person and study, with a freshly signed d. */
  offerLink: (person: Person, studyNo: number, tx: Executor) => Promise<string>;
  testers: Pick<TesterService, 'findById'>;
  mail: Pick<MailService, 'queue' | 'link'>;
  listTestSitesIn: (tx: Executor) => Promise<TestSite[]>;
  studyNames: (studyNos: readonly number[], tx?: Executor) => Promise<Map<number, string>>;
}

/**
 * Waitlist promotion (decision 031): a freed seat of a group is held for the first person waiting
 * for it who can still book, for `offerHours`, and e-mailed to them in the same unit of work; an
 * offer that ends unused frees the hold and passes it on. Every function takes the caller's
 * transaction, which already holds the group's row lock.
 */
export function createSeatOffers(db: Database, deps: SeatOfferDeps) {
  const now = () => deps.clock.now();
  const noticeMs = deps.noticeHours * HOUR_MS;

  /** When an offer made now would end: after offerHours, but never inside the group's notice window. */
  function holdEnd(group: GroupWithSessions, at: Date): Date | null {
    const first = group.sessions[0]?.startsAt;
    if (!first || group.status !== 'Open' || group.isExternal) return null;
    const end = Math.min(at.getTime() + deps.offerHours * HOUR_MS, first.getTime() - noticeMs);
    return end > at.getTime() ? new Date(end) : null;
  }

  async function mailOffer(tester: TesterRow, person: Person, group: GroupWithSessions, expiresAt: Date, tx: Executor) {
    const sites = await deps.listTestSitesIn(tx);
    const site = group.siteId ? sites.find((each) => each.siteId === group.siteId) : undefined;
    const names = await deps.studyNames([group.studyNo], tx);
    const address = new URL(await deps.offerLink(person, group.studyNo, tx), 'http://relative.invalid');
    const link = deps.mail.link(address.pathname, Object.fromEntries(address.searchParams));
    await deps.mail.queue(
      seatOfferMessage({
        tester,
        language: languageOf(tester.language),
        studyName: names.get(group.studyNo) ?? '',
        group,
        site,
        timeZone: site?.timeZone ?? DEFAULT_TIME_ZONE,
        expiresAt,
        link,
      }),
      tx,
    );
  }

  /**
   * Offers the group's free seats to the people waiting for it, one seat each, first first, skipping
   * anyone offered this group before or who could not book it. Answers how many offers were made.
   */
  async function offerFreedSeats(groupId: number, tx: Executor): Promise<number> {
    const offers = createSeatOfferRepository(tx);
    const group = await createSchedulingRepository(tx).groupById(groupId);
    const at = now();
    const expiresAt = group ? holdEnd(group, at) : null;
    const free = group ? group.seats - group.taken - group.held : 0;
    if (!group || !expiresAt || free <= 0) return 0;
    let made = 0;
    for (const person of await deps.waitingFor(group.studyNo, group.id, tx)) {
      if (made === free) break;
      if (await offers.wasOffered(group.id, person)) continue;
      // A suspended tester cannot book (decision 046): holding a seat for them would only delay the next person.
      const tester = await deps.testers.findById(person.testerId, tx);
      if (!tester || isSuspended(tester, at)) continue;
      if (!(await offers.personCanTake(person, group.studyNo, group.id, at))) continue;
      if (!(await offers.holdSeat(group.id))) break;
      const offer = await offers.insertOffer({
        groupId: group.id,
        studyNo: group.studyNo,
        testerId: person.testerId,
        childId: person.childId,
        offeredAt: at,
        expiresAt,
      });
      if (!offer) {
        await offers.releaseHold(group.id);
        continue;
      }
      await mailOffer(tester, person, group, expiresAt, tx);
      made += 1;
    }
    return made;
  }

  return {
    offerFreedSeats,

    /** Takes the person's live offer of the group (a held seat becomes theirs): false when they hold none. */
    async accept(groupId: number, person: Person, tx: Executor): Promise<boolean> {
      const offers = createSeatOfferRepository(tx);
      if (!(await offers.acceptOffer(groupId, person, now()))) return false;
      if (!(await offers.takeHeldSeat(groupId))) throw new Error(`seat offer of group ${groupId} accepted without a held seat`);
      return true;
    },

    /** The groups the person holds a live offer of (ids), for reads that must show those seats as theirs. */
    async heldBy(person: Person, tx?: Executor): Promise<Set<number>> {
      const rows = await createSeatOfferRepository(tx ?? db).liveOffersOf(person.testerId, now());
      return new Set(rows.filter((row) => (row.childId ?? 0) === (person.childId ?? 0)).map((row) => row.groupId));
    },

    /** The tester's live offers (theirs and their children's): studies and groups. */
    liveOffersOf: (testerId: string, tx?: Executor) => createSeatOfferRepository(tx ?? db).liveOffersOf(testerId, now()),

    /**
     * Declines the person's other live offers once they have booked (one live booking per study, one
     * upcoming study at a time: they could not take them), and passes each freed hold on. The caller
     * has locked those groups' rows.
     */
    async declineOthers(person: Person, bookedGroupId: number, tx: Executor): Promise<void> {
      const offers = createSeatOfferRepository(tx);
      for (const groupId of await offers.declineOffersOf(person, bookedGroupId, now())) {
        await offers.releaseHold(groupId);
        await offerFreedSeats(groupId, tx);
      }
    },

    /** Not interested in the study: the person's live offers in it are declined and passed on. */
    async declineStudy(person: Person, studyNo: number): Promise<number> {
      const declined = await inTransaction(db, async (tx) => {
        const offers = createSeatOfferRepository(tx);
        const held = (await offers.liveOffersOf(person.testerId, now())).filter(
          (row) => row.studyNo === studyNo && (row.childId ?? 0) === (person.childId ?? 0),
        );
        if (held.length === 0) return 0;
        await createSchedulingRepository(tx).lockGroups(held.map((row) => row.groupId));
        const groups = await offers.declineOffersInStudy(person, studyNo, now());
        for (const groupId of groups) {
          await offers.releaseHold(groupId);
          await offerFreedSeats(groupId, tx);
        }
        return groups.length;
      });
      return declined;
    },

    /**
     * The expiry sweep (the job queue runs it every minute): per group, lock it, expire its offers
     * past their end (a conditional UPDATE: each offer expires in one transaction only, whichever
     * instance runs), free their holds and offer the seats to the next people. Answers the offers made.
     */
    async expireDue(): Promise<number> {
      const groups = await createSeatOfferRepository(db).groupsWithPastDueOffers(now(), EXPIRY_BATCH);
      let made = 0;
      for (const groupId of groups) {
        made += await inTransaction(db, async (tx) => {
          await createSchedulingRepository(tx).lockGroups([groupId]);
          const offers = createSeatOfferRepository(tx);
          const expired = await offers.expirePastDue(groupId, now());
          if (expired === 0) return 0;
          for (let index = 0; index < expired; index += 1) await offers.releaseHold(groupId);
          return offerFreedSeats(groupId, tx);
        });
      }
      return made;
    },
  };
}

export type SeatOffers = ReturnType<typeof createSeatOffers>;
