import type { StaffGroup } from '@testerhub/shared/session-admin-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { renderStaffPages } from '../../../test/staff-pages';
import { SessionsPage } from './sessions-page';
import { StudyResultsPage } from './study-results-page';

/** One study's session pages as the sessions-page and message-composer tests see them. */
export const SITES = [{ siteId: '00001', name: 'Chicago Test Center', timeZone: 'America/Chicago' }];

export const GROUP: StaffGroup = {
  groupId: '11111111-1111-4111-8111-111111111111',
  kind: 'inPerson',
  siteId: '00001',
  siteName: 'Chicago Test Center',
  timeZone: 'America/Chicago',
  videoLink: '',
  pickUpAt: null,
  color: 'Green',
  cell: 'A1',
  coOpCost: 75.5,
  seats: 3,
  taken: 2,
  held: 1,
  status: 'Open',
  isExternal: false,
  sessions: [{ testerDay: 1, startsAt: '2026-12-01T15:00:00.000Z', endsAt: '2026-12-01T17:00:00.000Z' }],
  bookingClosesAt: '2026-11-30T15:00:00.000Z',
  bookingClosed: false,
  fields: {
    kind: 'inPerson',
    siteId: '00001',
    videoLink: '',
    pickUpDate: '',
    pickUpTime: '',
    color: 'Green',
    cell: 'A1',
    coOpCost: 75.5,
    seats: 3,
    status: 'Open',
    isExternal: false,
    sessions: [{ date: '2026-12-01', start: '09:00', end: '11:00' }],
  },
};

export const GROUPS_PATH = '/staff/sessions/Groups?studyNo=24101';

/** The Groups call's answer: study 24101, "Cereal test", with these groups. */
export const groups = (list: StaffGroup[]) => ({
  body: { status: 'succeed', studyNo: 24101, studyName: 'Cereal test', sites: SITES, groups: list },
});

/** The study's sessions and results pages at `entry`, signed in with `roles`. */
export function renderStudyPagesAt(entry: string, roles: StaffRole[] = ['recruiter']) {
  return renderStaffPages(
    entry,
    { 'studies/:studyNo/sessions': <SessionsPage />, 'studies/:studyNo/results': <StudyResultsPage /> },
    roles,
  );
}
