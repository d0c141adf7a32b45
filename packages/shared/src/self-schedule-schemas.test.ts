import { describe, expect, it } from 'vitest';
import {
  giveCoinsExternalScreenerRequestSchema,
  selectedSchedulesRequestSchema,
  selfScheduleRequestSchema,
  selfWaitListRequestSchema,
} from './self-schedule-schemas.ts';

const study = '6f1c2a9e-3b7d-4c1e-9a2b-1d2e3f4a5b6c';
const tester = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const data = 'eyJ0IjoiYSJ9.c2lnbmF0dXJl';

const fields = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => [
  ...new Set(result.error?.issues.map((issue) => issue.path.join('.'))),
];

describe('self-schedule schemas', () => {
  it('takes a whole link or none, naming the missing part', () => {
    expect(selectedSchedulesRequestSchema.safeParse({}).success).toBe(true);
    expect(selectedSchedulesRequestSchema.safeParse({ Study: study, Tester: tester, Data: data }).success).toBe(true);
    expect(fields(selectedSchedulesRequestSchema.safeParse({ Study: study, Tester: tester }))).toEqual(['Data']);
    expect(fields(selectedSchedulesRequestSchema.safeParse({ Study: 'x', Tester: tester, Data: data }))).toEqual(['Study']);
  });

  it('needs a group to book, each once, and no child yet beyond a number or null', () => {
    const group = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
    expect(selfScheduleRequestSchema.safeParse({ IsRequest: false }).success).toBe(true);
    expect(fields(selfScheduleRequestSchema.safeParse({ IsRequest: true }))).toEqual(['groupIDs']);
    expect(fields(selfScheduleRequestSchema.safeParse({ IsRequest: true, groupIDs: [group], pickUpgroupIDs: [group] }))).toEqual([
      'groupIDs',
    ]);
    expect(fields(selfScheduleRequestSchema.safeParse({ IsRequest: true, groupIDs: [group], Child: 'a' }))).toEqual(['Child']);
    expect(fields(selfWaitListRequestSchema.safeParse({ Study: study, GroupIds: [] }))).toEqual(['GroupIds']);
  });

  it('checks the outside screener token', () => {
    expect(giveCoinsExternalScreenerRequestSchema.safeParse({ ex: 'a'.repeat(43) }).success).toBe(true);
    expect(fields(giveCoinsExternalScreenerRequestSchema.safeParse({ ex: 'a b' }))).toEqual(['ex']);
    expect(fields(giveCoinsExternalScreenerRequestSchema.safeParse({}))).toEqual(['ex']);
  });
});
