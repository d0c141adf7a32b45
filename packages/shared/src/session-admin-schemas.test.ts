import { describe, expect, it } from 'vitest';
import { createGroupSchema, SESSION_ADMIN_TEXTS } from './session-admin-schemas.ts';

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
