import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHILD_QUEUE_TEXTS, type ChildQueueResponse } from '@testerhub/shared/staff-queues-schemas';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { createChild, createLoggedInTester } from '../../../test/factories.ts';
import { createStaffMember, signedInStaff, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { childConfirmationAttempts, children, staffAuditLog } from '../../core/db/schema.ts';

/**
 * The children queue (issue 12 section 5; decision 054): children awaiting confirmation, the
 * recruiters' calls (at most 3, within the registration's 24 hours), a confirmation or an ended
 * registration as the parent then sees it, and racing calls on one child.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

const recruiter = () => signedInStaff(db(), ['recruiter']);

/** A parent (logged in) with a child registered `hoursAgo` and not yet confirmed. */
async function awaiting(hoursAgo = 1) {
  const parent = await createLoggedInTester(db());
  const child = await createChild(db(), {
    parentId: parent.tester.id,
    birthDate: '2018-04-05',
    createdAt: new Date(Date.now() - hoursAgo * 3600_000),
    confirmedAt: null,
  });
  return { parent, child };
}

const call = (cookie: string, body: unknown) => postJson(testApp.app, '/api/staff/children/RecordCall', body, { cookie });
const queue = async (cookie: string) => {
  const answer = await getWith(testApp.app, '/api/staff/children/Queue?page=1', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as ChildQueueResponse;
};
const parentsList = async (cookie: string) =>
  (await getWith(testApp.app, '/api/schedule/GetChildrenInfo', { cookie })).json().registeredChildren as {
    childId: string;
    isConfirmed: boolean;
  }[];
const attemptsOf = (childId: number) => db().select().from(childConfirmationAttempts).where(eq(childConfirmationAttempts.childId, childId));
const childRow = async (id: number) => (await db().select().from(children).where(eq(children.id, id)))[0];

describe('the queue', () => {
  it('lists unconfirmed current children, the soonest to expire first, with the parent and the calls made; not confirmed or expired ones', async () => {
    const { cookie } = await recruiter();
    const older = await awaiting(20);
    const newer = await awaiting(2);
    const expired = await awaiting(25);
    const confirmed = await createChild(db(), { parentId: newer.parent.tester.id, birthDate: '2015-01-01' });
    const listed = (await queue(cookie)).children;
    const ids = listed.map((item) => item.childId);
    expect(ids.indexOf(older.child.publicId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older.child.publicId)).toBeLessThan(ids.indexOf(newer.child.publicId));
    expect(ids).not.toContain(expired.child.publicId);
    expect(ids).not.toContain(confirmed.publicId);
    expect(listed.find((item) => item.childId === newer.child.publicId)).toMatchObject({
      childName: `${newer.child.firstName} Factory`,
      birthDate: '2018-04-05',
      phone: '3125550100',
      parentName: `${newer.parent.tester.firstName} ${newer.parent.tester.lastName}`,
      parentUsername: newer.parent.tester.username,
      expiresAt: newer.child.expiresAt!.toISOString(),
      callsMade: 0,
      attempts: [],
    });
  });

  it('is refused without the recruiter role', async () => {
    const { staff } = await createStaffMember(db(), { roles: ['rewards'] });
    const answer = await getWith(testApp.app, '/api/staff/children/Queue', { cookie: await staffCookieFor(db(), staff.id) });
    expect(answer.statusCode).toBe(403);
  });
});

describe('a call', () => {
  it('is recorded with its outcome, note and caller and audited; the parent still sees the child awaiting confirmation', async () => {
    const { staff, cookie } = await recruiter();
    const { parent, child } = await awaiting();
    const answer = await call(cookie, { childId: child.publicId, outcome: 'noAnswer', note: ' Rang twice ' });
    expect(answer.json()).toEqual({ status: 'succeed', message: CHILD_QUEUE_TEXTS.recorded });
    expect(await attemptsOf(child.id)).toMatchObject([
      { channel: 'phone', outcome: 'noAnswer', note: 'Rang twice', staffMemberId: staff.id },
    ]);
    const item = (await queue(cookie)).children.find((entry) => entry.childId === child.publicId)!;
    expect(item).toMatchObject({ callsMade: 1, attempts: [{ outcome: 'noAnswer', note: 'Rang twice', staffName: staff.name }] });
    const audit = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'child'), eq(staffAuditLog.targetId, child.publicId)));
    expect(audit).toMatchObject([
      { staffId: staff.id, action: 'child.call', before: { callsMade: 0 }, after: { callsMade: 1, outcome: 'noAnswer' } },
    ]);
    expect(await parentsList(parent.cookie)).toMatchObject([{ childId: child.publicId, isConfirmed: false }]);
  });

  it('confirmed: the child is confirmed for the parent and leaves the queue', async () => {
    const { cookie } = await recruiter();
    const { parent, child } = await awaiting();
    expect((await call(cookie, { childId: child.publicId, outcome: 'confirmed' })).json()).toEqual({
      status: 'succeed',
      message: CHILD_QUEUE_TEXTS.confirmed,
    });
    expect(await parentsList(parent.cookie)).toMatchObject([{ childId: child.publicId, isConfirmed: true }]);
    expect((await childRow(child.id))!.expiresAt).toBeNull();
    expect((await queue(cookie)).children.map((item) => item.childId)).not.toContain(child.publicId);
    expect((await call(cookie, { childId: child.publicId, outcome: 'noAnswer' })).json()).toEqual({
      status: 'failed',
      message: CHILD_QUEUE_TEXTS.alreadyConfirmed,
    });
  });

  it('declined: the registration ends at once (gone for the parent, removed by the expiry job) and cannot be confirmed', async () => {
    const { cookie } = await recruiter();
    const { parent, child } = await awaiting();
    expect((await call(cookie, { childId: child.publicId, outcome: 'declined' })).json()).toMatchObject({ status: 'succeed' });
    expect(await parentsList(parent.cookie)).toEqual([]);
    expect((await call(cookie, { childId: child.publicId, outcome: 'confirmed' })).json()).toEqual({
      status: 'failed',
      message: CHILD_QUEUE_TEXTS.expired,
    });
    const confirmByLink = await postJson(testApp.app, '/api/account/ConfirmKid', JSON.stringify(child.publicId), {
      cookie: parent.cookie,
      raw: true,
    });
    expect(confirmByLink.json()).toMatchObject({ status: 'failed' });
  });

  it('stops at 3 calls, refuses an expired registration and an unknown child, writing nothing', async () => {
    const { staff, cookie } = await recruiter();
    const { child } = await awaiting();
    for (const outcome of ['noAnswer', 'leftMessage', 'wrongNumber'])
      expect((await call(cookie, { childId: child.publicId, outcome })).json()).toMatchObject({ status: 'succeed' });
    expect((await call(cookie, { childId: child.publicId, outcome: 'confirmed' })).json()).toEqual({
      status: 'failed',
      message: CHILD_QUEUE_TEXTS.limitReached,
    });
    expect(await attemptsOf(child.id)).toHaveLength(3);
    expect((await childRow(child.id))!.confirmedAt).toBeNull();
    const old = await awaiting(25);
    expect((await call(cookie, { childId: old.child.publicId, outcome: 'confirmed' })).json()).toEqual({
      status: 'failed',
      message: CHILD_QUEUE_TEXTS.expired,
    });
    expect((await childRow(old.child.id))!.confirmedAt).toBeNull();
    expect((await call(cookie, { childId: '5f0c7a8e-1b2c-4d3e-8f4a-5b6c7d8e9f00', outcome: 'confirmed' })).json()).toEqual({
      status: 'failed',
      message: CHILD_QUEUE_TEXTS.notFound,
    });
    const audit = await db().select().from(staffAuditLog).where(eq(staffAuditLog.staffId, staff.id));
    expect(audit).toHaveLength(3);
  });

  it('answers 400 for bad input', async () => {
    const { cookie } = await recruiter();
    const { child } = await awaiting();
    for (const body of [
      {},
      { childId: 'not-a-uuid', outcome: 'noAnswer' },
      { childId: child.publicId, outcome: 'maybe' },
      { childId: child.publicId, outcome: 'noAnswer', note: 'x'.repeat(501) },
      { childId: child.publicId, outcome: 'noAnswer', note: 'nul\u0000' },
    ])
      expect((await call(cookie, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(await attemptsOf(child.id)).toHaveLength(0);
  });
});

describe('racing calls on one child', () => {
  it('never make a 4th call: of 12 simultaneous calls by two recruiters 3 are recorded', async () => {
    const one = await recruiter();
    const two = await recruiter();
    const { child } = await awaiting();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => call(index % 2 ? one.cookie : two.cookie, { childId: child.publicId, outcome: 'noAnswer' })),
    );
    expect(answers.filter((answer) => answer.json().status === 'succeed')).toHaveLength(3);
    expect(answers.filter((answer) => answer.json().message === CHILD_QUEUE_TEXTS.limitReached)).toHaveLength(9);
    expect(await attemptsOf(child.id)).toHaveLength(3);
  });

  it('never confirm an ended registration: of 20 simultaneous confirms and declines exactly one is recorded', async () => {
    const one = await recruiter();
    const two = await recruiter();
    for (let round = 0; round < 3; round += 1) {
      const { child } = await awaiting();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          call(index % 2 ? one.cookie : two.cookie, { childId: child.publicId, outcome: index % 4 < 2 ? 'confirmed' : 'declined' }),
        ),
      );
      expect(answers.filter((answer) => answer.json().status === 'succeed')).toHaveLength(1);
      const [attempt] = await attemptsOf(child.id);
      expect(await attemptsOf(child.id)).toHaveLength(1);
      const row = (await childRow(child.id))!;
      if (attempt!.outcome === 'confirmed') expect(row.confirmedAt).not.toBeNull();
      else expect(row.confirmedAt).toBeNull();
    }
  });
});
