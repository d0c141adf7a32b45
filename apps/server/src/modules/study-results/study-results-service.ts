import { instantToWallClock } from '@testerhub/shared/wall-clock';
import type { TestSite } from '@testerhub/shared/public-content';
import type { WAITING_REASON_TEXTS } from '@testerhub/shared/session-admin-schemas';
import { BOOKING_STATUS_TEXTS, SCREENING_STATUS_TEXTS } from '@testerhub/shared/staff-words';
import { RESULTS_PAGE_SCREENINGS, type StudyResultsResponse } from '@testerhub/shared/session-admin-schemas';
import { quotaFillText } from '@testerhub/shared/quota-fill';
import type { Audited } from '../../core/audit/audited.ts';
import type { Clock } from '../../core/clock.ts';
import type { ChildrenService } from '../children/children-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import type { ScreeningService } from '../screening/screening-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { csvRecord } from '../../core/csv.ts';

type Outcome = keyof typeof SCREENING_STATUS_TEXTS;
type Reason = keyof typeof WAITING_REASON_TEXTS;
type BookingStatus = keyof typeof BOOKING_STATUS_TEXTS;
type Question = Awaited<ReturnType<ScreeningService['screenerQuestions']>>[number];
type AnswerValue = number | number[] | string;

interface StudyResultsDeps {
  clock: Clock;
  scheduling: Pick<SchedulingService, 'groupsOfStudy' | 'bookingsOfStudy'>;
  screening: Pick<ScreeningService, 'screenerQuestions' | 'screeningsOfStudy' | 'countScreenings' | 'waitingListOfStudy' | 'quotaFill'>;
  testers: Pick<TesterService, 'fullNames' | 'publicProfiles'>;
  childNames: ChildrenService['childNames'];
  studyNames: (studyNos: readonly number[]) => Promise<Map<number, string>>;
  listTestSites: () => Promise<TestSite[]>;
  /** Zone of a group run from no site (scheduling's DEFAULT_TIME_ZONE). */
  defaultTimeZone: string;
  audited: Audited;
}

/** Rows read at a time by the export: its memory stays flat however many testers screened. */
const EXPORT_PAGE = 500;

const personKey = (person: { testerId: string; childId: number | null }) => `${person.testerId}:${person.childId ?? 0}`;

/** The answer as words: options by their labels (several joined by "; "), anything else as given. */
function answerText(question: Question, value: AnswerValue | undefined): string {
  if (value === undefined) return '';
  const label = (id: number) => question.options.find((option) => option.id === id)?.label ?? String(id);
  if (question.kind === 'single' && typeof value === 'number') return label(value);
  if (Array.isArray(value)) return value.map(label).join('; ');
  return String(value);
}

/**
 * A study's results for recruiters (issue 12 section 2; decision 051): who screened, when, the
 * outcome and the answers; the waiting list; the bookings per group; and a CSV of answers and
 * bookings, streamed page by page. It owns no table: it reads the screening, scheduling, testers'
 * and children's services.
 */
export function createStudyResultsService(deps: StudyResultsDeps) {
  /** Names for the people on a page: the tester's full name, username, and the child's name. */
  async function namesFor(people: readonly { testerId: string; childId: number | null }[]) {
    const testerIds = [...new Set(people.map((person) => person.testerId))];
    const childIds = [...new Set(people.flatMap((person) => (person.childId === null ? [] : [person.childId])))];
    const [full, profiles, children] = await Promise.all([
      deps.testers.fullNames(testerIds),
      deps.testers.publicProfiles(testerIds),
      deps.childNames(childIds),
    ]);
    const usernames = new Map(profiles.map((profile) => [profile.id, profile.username]));
    return (person: { testerId: string; childId: number | null }) => {
      const name = full.get(person.testerId);
      return {
        testerName: name ? `${name.firstName} ${name.lastName}` : '(deleted)',
        username: usernames.get(person.testerId) ?? '',
        childName: person.childId === null ? null : (children.get(person.childId) ?? '(removed)'),
      };
    };
  }

  async function groupsWithPlaces(studyNo: number) {
    const sites = new Map((await deps.listTestSites()).map((site) => [site.siteId, site]));
    return (await deps.scheduling.groupsOfStudy(studyNo)).map((group) => {
      const site = group.siteId ? sites.get(group.siteId) : undefined;
      return { group, siteName: site?.name ?? group.siteId, timeZone: site?.timeZone ?? deps.defaultTimeZone };
    });
  }

  async function allBookings(studyNo: number) {
    const rows: Awaited<ReturnType<SchedulingService['bookingsOfStudy']>> = [];
    for (let afterId = 0; ;) {
      const page = await deps.scheduling.bookingsOfStudy(studyNo, afterId, EXPORT_PAGE);
      rows.push(...page);
      if (page.length < EXPORT_PAGE) return rows;
      afterId = page[page.length - 1]!.bookingId;
    }
  }

  return {
    /** The CSV's file name: the study and the day it was made. */
    exportFileName: (studyNo: number) => `study-${studyNo}-results-${deps.clock.now().toISOString().slice(0, 10)}.csv`,

    /** Whether the study exists (the export answers 404 before it starts streaming). */
    studyExists: async (studyNo: number) => (await deps.studyNames([studyNo])).has(studyNo),

    async summary(studyNo: number, page = 1): Promise<StudyResultsResponse | null> {
      const names = await deps.studyNames([studyNo]);
      if (!names.has(studyNo)) return null;
      const [questions, screenings, total, waiting, groups, bookings, quotas] = await Promise.all([
        deps.screening.screenerQuestions(studyNo),
        deps.screening.screeningsOfStudy(studyNo, { newestSkipping: (page - 1) * RESULTS_PAGE_SCREENINGS, limit: RESULTS_PAGE_SCREENINGS }),
        deps.screening.countScreenings(studyNo),
        deps.screening.waitingListOfStudy(studyNo),
        groupsWithPlaces(studyNo),
        allBookings(studyNo),
        deps.screening.quotaFill(studyNo),
      ]);
      const nameOf = await namesFor([...screenings, ...waiting, ...bookings]);
      const cellById = new Map(groups.map(({ group }) => [group.id, group.cell]));
      return {
        status: 'succeed',
        studyNo,
        studyName: names.get(studyNo) ?? '',
        questions: questions.map((question) => ({ id: question.id, prompt: question.prompt })),
        quotaFill: quotas.map(({ name, qualified, target }) => ({ name, qualified, target })),
        screenings: screenings.map((row) => ({
          ...nameOf(row),
          outcome: row.status as Outcome,
          startedAt: row.startedAt.toISOString(),
          completedAt: row.completedAt?.toISOString() ?? null,
          answers: Object.fromEntries(
            questions.flatMap((question) => {
              const value = (row.answers as Record<string, AnswerValue>)[String(question.id)];
              return value === undefined ? [] : [[String(question.id), answerText(question, value)]];
            }),
          ),
        })),
        screeningsPage: page,
        screeningsShown: screenings.length,
        screeningsTotal: total,
        waitingList: waiting.map((row) => ({
          ...nameOf(row),
          reason: row.reason as Reason,
          groups: row.groupIds.map((id) => cellById.get(id) ?? `#${id}`),
          addedAt: row.addedAt.toISOString(),
        })),
        groups: groups.map(({ group, siteName, timeZone }) => ({
          groupId: group.publicId,
          cell: group.cell,
          color: group.color,
          siteName: siteName ?? null,
          timeZone,
          firstStart: group.sessions[0]?.startsAt.toISOString() ?? null,
          seats: group.seats,
          taken: group.taken,
          bookings: bookings
            .filter((booking) => booking.groupId === group.id)
            .map((booking) => ({ ...nameOf(booking), status: booking.status as BookingStatus, bookedAt: booking.createdAt.toISOString() })),
        })),
      };
    },

    /**
     * The CSV of answers and bookings, record by record: one row per person who screened and each of
     * their bookings in the study (or none), then the bookings of people who did not screen here.
     * Times are UTC (ISO 8601); a session's start also on its site's clock.
     */
    async exportCsv(actorId: string, studyNo: number): Promise<AsyncGenerator<string>> {
      const [questions, groups, bookings, quotas, screenings] = await Promise.all([
        deps.screening.screenerQuestions(studyNo),
        groupsWithPlaces(studyNo),
        allBookings(studyNo),
        deps.screening.quotaFill(studyNo),
        deps.screening.countScreenings(studyNo),
      ]);
      // A read of personal data (decision 127): audited before the first byte leaves, with how many
      // screenings and bookings the file holds (a row per screening and each of its bookings).
      await deps.audited(actorId, 'study-results.export', { type: 'study', id: String(studyNo) }, async () => ({
        before: null,
        after: { screenings, bookings: bookings.length },
        result: undefined,
      }));
      return csvRecords(questions, groups, bookings, quotas, studyNo);
    },
  };

  async function* csvRecords(
    questions: Question[],
    groups: Awaited<ReturnType<typeof groupsWithPlaces>>,
    bookings: Awaited<ReturnType<typeof allBookings>>,
    quotas: Awaited<ReturnType<ScreeningService['quotaFill']>>,
    studyNo: number,
  ): AsyncGenerator<string> {
    // With quotas, each screening says the quota it counted in and that quota's fill; without, the columns are left out.
    const quotaById = new Map(quotas.map((quota) => [quota.id, quota]));
    const quotaHeads = quotas.length > 0 ? ['Quota', 'Quota fill (qualified of target)'] : [];
    const quotaCells = (quotaId: number | null) => {
      if (quotas.length === 0) return [];
      const quota = quotaId === null ? undefined : quotaById.get(quotaId);
      return quota ? [quota.name, quotaFillText(quota)] : ['', ''];
    };
    const groupById = new Map(groups.map((entry) => [entry.group.id, entry]));
    const bookingsOf = new Map<string, typeof bookings>();
    for (const booking of bookings) bookingsOf.set(personKey(booking), [...(bookingsOf.get(personKey(booking)) ?? []), booking]);

    yield csvRecord([
      'Tester',
      'Username',
      'Child',
      'Screener outcome',
      'Screener started (UTC)',
      'Screener completed (UTC)',
      ...questions.map((question) => question.prompt),
      ...quotaHeads,
      'Booking status',
      'Booked at (UTC)',
      'Group cell',
      'Group colour',
      'Site',
      'First session (site time)',
    ]);

    const bookingCells = (booking: (typeof bookings)[number] | undefined) => {
      if (!booking) return ['', '', '', '', '', ''];
      const place = groupById.get(booking.groupId);
      const first = place?.group.sessions[0]?.startsAt;
      const local = first && place ? instantToWallClock(first, place.timeZone) : null;
      return [
        BOOKING_STATUS_TEXTS[booking.status as BookingStatus] ?? booking.status,
        booking.createdAt.toISOString(),
        place?.group.cell ?? '',
        place?.group.color ?? '',
        place?.siteName ?? (place ? 'Virtual' : ''),
        local && place ? `${local.date} ${local.time} ${place.timeZone}` : '',
      ];
    };

    const screened = new Set<string>();
    for (let afterId = 0; ;) {
      const page = await deps.screening.screeningsOfStudy(studyNo, { afterId, limit: EXPORT_PAGE });
      if (page.length === 0) break;
      const nameOf = await namesFor(page);
      let chunk = '';
      for (const row of page) {
        const key = personKey(row);
        screened.add(key);
        const person = nameOf(row);
        const answers = questions.map((question) =>
          answerText(question, (row.answers as Record<string, AnswerValue>)[String(question.id)]),
        );
        const head = [
          person.testerName,
          person.username,
          person.childName ?? '',
          SCREENING_STATUS_TEXTS[row.status as Outcome] ?? row.status,
          row.startedAt.toISOString(),
          row.completedAt?.toISOString() ?? '',
          ...answers,
          ...quotaCells(row.quotaId),
        ];
        const theirs = bookingsOf.get(key) ?? [];
        for (const booking of theirs.length > 0 ? theirs : [undefined]) chunk += csvRecord([...head, ...bookingCells(booking)]);
      }
      yield chunk;
      if (page.length < EXPORT_PAGE) break;
      afterId = page[page.length - 1]!.id;
    }

    const unscreened = bookings.filter((booking) => !screened.has(personKey(booking)));
    for (let start = 0; start < unscreened.length; start += EXPORT_PAGE) {
      const page = unscreened.slice(start, start + EXPORT_PAGE);
      const nameOf = await namesFor(page);
      let chunk = '';
      for (const booking of page) {
        const person = nameOf(booking);
        chunk += csvRecord([
          person.testerName,
          person.username,
          person.childName ?? '',
          'Not screened here',
          '',
          '',
          ...questions.map(() => ''),
          ...quotaCells(null),
          ...bookingCells(booking),
        ]);
      }
      yield chunk;
    }
  }
}

export type StudyResultsService = ReturnType<typeof createStudyResultsService>;
