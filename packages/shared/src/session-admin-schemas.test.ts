import { describe, expect, it } from 'vitest';
import { createGroupSchema, instantToWallClock, SESSION_ADMIN_TEXTS, wallClockToInstant } from './session-admin-schemas.ts';

describe('the site’s wall clock (decision 051)', () => {
  it('turns a date and time on the zone’s clock into the instant, across both offsets and the changes', () => {
    expect(wallClockToInstant('2026-12-01', '09:00', 'America/Chicago').toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(wallClockToInstant('2026-07-01', '09:00', 'America/Chicago').toISOString()).toBe('2026-07-01T14:00:00.000Z');
    expect(wallClockToInstant('2026-07-01', '09:30', 'America/Los_Angeles').toISOString()).toBe('2026-07-01T16:30:00.000Z');
    // Fall back: 1:30 comes twice; the first (still daylight time) is meant.
    expect(wallClockToInstant('2026-11-01', '01:30', 'America/Chicago').toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('reads an instant back as the form’s date and time', () => {
    expect(instantToWallClock('2026-12-01T15:00:00Z', 'America/Chicago')).toEqual({ date: '2026-12-01', time: '09:00' });
    expect(instantToWallClock(new Date('2026-07-01T04:05:00Z'), 'America/Chicago')).toEqual({ date: '2026-06-30', time: '23:05' });
  });
});

describe('the group form’s schema', () => {
  const group = {
    studyNo: 24101,
    kind: 'inPerson',
    siteId: '00001',
    videoLink: '',
    pickUpDate: '',
    pickUpTime: '',
    color: 'Green',
    cell: 'A1',
    coOpCost: 60,
    seats: 4,
    status: 'Open',
    isExternal: false,
    sessions: [{ date: '2026-12-01', start: '09:00', end: '11:00' }],
  };
  const problems = (overrides: Record<string, unknown>) =>
    createGroupSchema.safeParse({ ...group, ...overrides }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it('takes a whole group, and names each field it refuses with its message', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ seats: 0 })).toEqual([['seats', SESSION_ADMIN_TEXTS.seatsInvalid]]);
    expect(problems({ coOpCost: 1.234 })).toEqual([['coOpCost', SESSION_ADMIN_TEXTS.costInvalid]]);
    expect(problems({ siteId: '' })).toEqual([['siteId', SESSION_ADMIN_TEXTS.siteRequired]]);
    expect(problems({ kind: 'virtual', siteId: null })).toEqual([['videoLink', SESSION_ADMIN_TEXTS.videoLinkRequired]]);
    expect(problems({ kind: 'pickUp', videoLink: 'https://video.example.test/x' })).toEqual([
      ['pickUpDate', SESSION_ADMIN_TEXTS.pickUpRequired],
      ['pickUpTime', SESSION_ADMIN_TEXTS.pickUpRequired],
    ]);
    expect(problems({ sessions: [{ date: '2026-12-01', start: '11:00', end: '09:00' }] })).toEqual([
      ['sessions.0.end', SESSION_ADMIN_TEXTS.endAfterStart],
    ]);
    expect(
      problems({
        sessions: [
          { date: '2026-12-01', start: '09:00', end: '11:00' },
          { date: '2026-12-01', start: '10:00', end: '12:00' },
        ],
      }),
    ).toEqual([['sessions.1.start', SESSION_ADMIN_TEXTS.sessionsOverlap]]);
    expect(problems({ cell: 'a\u0000' })).toEqual([['cell', SESSION_ADMIN_TEXTS.unreadable]]);
    expect(problems({ sessions: [] })).toEqual([['sessions', SESSION_ADMIN_TEXTS.sessionsRequired]]);
  });
});
