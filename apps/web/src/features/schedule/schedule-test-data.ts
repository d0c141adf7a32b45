// Answers of the schedule calls for the web unit tests: one booked stamp or offered group, changed by overrides.
import type { ScheduleGroup } from '@testerhub/shared/schedule-schemas';
import type { ScheduleStamp } from '@testerhub/shared/schedule-schemas';

/** A one-day in-person booking at the Chicago site, 9 to 11 AM on Tuesday 24 November 2026. */
export function stamp(overrides: Partial<ScheduleStamp> = {}): ScheduleStamp {
  return {
    studyNo: 501,
    // Unnamed, so the tests read the colour-and-number names; one test gives a name.
    studyName: '',
    groupId: '7f1c1f9e-1d2b-4c3a-9e8f-0a1b2c3d4e5f',
    cell: 'A',
    color: 'Blue',
    kind: 'inPerson',
    isPickUp: false,
    siteID: '1',
    location: '100 Research Plaza, Chicago, IL',
    timeZone: 'America/Chicago',
    coOpCost: 150,
    totalTesterDays: 1,
    isMultiDay: false,
    status: 'Open',
    pickUpDate: null,
    virtualDate: null,
    isExternal: false,
    isExternalStudy: false,
    scheduleStamp: '2026-11-24T15:00:00Z',
    endStamp: '2026-11-24T17:00:00Z',
    testerDay: 1,
    testerID: 'T-1',
    testerName: 'Pat Tester',
    isChildStudy: false,
    childNames: '',
    videoLink: null,
    changeable: true,
    available: true,
    isThisTimeAvailable: true,
    checkInToken: 'th1.501.T-1.signature',
    ...overrides,
  };
}

/** An open group of study 501 with a free seat, one day in Chicago. */
export function group(overrides: Partial<ScheduleGroup> = {}): ScheduleGroup {
  return {
    studyNo: 501,
    groupId: '0e7d2f4a-5b6c-4d7e-8f90-a1b2c3d4e5f6',
    cell: 'B',
    color: 'Blue',
    kind: 'inPerson',
    isPickUp: false,
    siteID: '1',
    location: '100 Research Plaza, Chicago, IL',
    timeZone: 'America/Chicago',
    coOpCost: 150,
    totalTesterDays: 1,
    isMultiDay: false,
    status: 'Open',
    pickUpDate: null,
    virtualDate: null,
    isExternal: false,
    isExternalStudy: false,
    sessions: [{ testerDay: 1, startsAt: '2026-11-26T19:00:00Z', endsAt: '2026-11-26T21:00:00Z' }],
    available: true,
    unavailableBecause: null,
    bookingClosesAt: '2026-11-25T19:00:00Z',
    noticeHours: 24,
    isCurrent: false,
    ...overrides,
  };
}
