import { describe, expect, it } from 'vitest';
import { CALLOUT_ADMIN_TEXTS, type StaffCallout, type StaffCalloutsResponse } from '@testerhub/shared/callout-admin-schemas';
import type { CalloutListResponse } from '@testerhub/shared/callout-schemas';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { auditRowsWhere, createStaffMember, signedInStaff, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { HOUR_MS } from '../../core/clock.ts';

/**
 * Call-outs edited by content staff (issue 12 section 6; decision 063): added and edited with an
 * audit row each, shown in (or taken off) a tester's GetCalloutList at once, a save from an older
 * copy refused, simultaneous saves of one call-out with one winning, and the shared schema's
 * checks answered before anything is written.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

const contentStaff = () => signedInStaff(db(), ['content']);

const post = (cookie: string, call: string, body: unknown) => postJson(testApp.app, `/api/staff/content/${call}`, body, { cookie });
const staffCallouts = async (cookie: string) => {
  const answer = await getWith(testApp.app, '/api/staff/content/Callouts', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as StaffCalloutsResponse).callouts;
};
const testerSees = async (cookie: string) => {
  const answer = await getWith(testApp.app, '/api/callout/GetCalloutList', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as CalloutListResponse).calloutGTypes;
};
const auditRows = (id: number) => auditRowsWhere(db(), { targetType: 'callout', targetId: String(id) });

/** A window holding now: from an hour ago to a week ahead. */
const showingNow = () => ({
  startTimeStamp: new Date(Date.now() - HOUR_MS).toISOString(),
  endTimeStamp: new Date(Date.now() + 7 * 24 * HOUR_MS).toISOString(),
});

async function addCallout(cookie: string, fields: Record<string, unknown> = {}) {
  const answer = await post(cookie, 'AddCallout', {
    title: 'Taste our new cereal',
    description: 'Answer the cereal screener this week.',
    pkCoins: 25,
    screener: '/community/main/screener',
    ...showingNow(),
    ...fields,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toMatchObject({ status: 'succeed', message: CALLOUT_ADMIN_TEXTS.added });
  return answer.json().callout as StaffCallout;
}

const editBody = (callout: StaffCallout, changes: Record<string, unknown> = {}) => {
  const { rKey: _key, ...fields } = callout;
  return { ...fields, ...changes };
};

describe('call-outs for content staff', () => {
  it('adds a call-out a tester sees at once, with an audit row, and lists it for staff with switched-off ones', async () => {
    const { staff, cookie } = await contentStaff();
    const tester = await createLoggedInTester(db());
    const before = await testerSees(tester.cookie);
    const added = await addCallout(cookie, { title: `Cereal ${process.pid}` });
    expect(added).toMatchObject({ title: `Cereal ${process.pid}`, pkCoins: 25, active: true, revision: 1 });
    expect(added.rKey).toMatch(/^staff-/);

    const after = await testerSees(tester.cookie);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((callout) => callout.rKey === added.rKey)).toMatchObject({
      title: `Cereal ${process.pid}`,
      description: 'Answer the cereal screener this week.',
      pkCoins: 25,
      screener: '/community/main/screener',
    });
    const listed = await staffCallouts(cookie);
    expect(listed.map((callout) => callout.rKey)).toEqual(expect.arrayContaining([added.rKey, 'demo-paused', 'demo-summer-recap']));

    const rows = await auditRows(added.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffId: staff.id, action: 'callout.add', before: null });
    expect(rows[0]!.after).toMatchObject({ title: `Cereal ${process.pid}`, revision: 1 });
  });

  it('an edit shows at once, switching it off takes it off the tester’s list, and each save is audited with before and after', async () => {
    const { staff, cookie } = await contentStaff();
    const tester = await createLoggedInTester(db());
    const added = await addCallout(cookie);

    const edited = await post(cookie, 'EditCallout', editBody(added, { title: 'Cereal, second week', pkCoins: 40 }));
    expect(edited.json()).toMatchObject({
      status: 'succeed',
      message: CALLOUT_ADMIN_TEXTS.saved,
      callout: { revision: 2, rKey: added.rKey },
    });
    expect((await testerSees(tester.cookie)).find((callout) => callout.rKey === added.rKey)).toMatchObject({
      title: 'Cereal, second week',
      pkCoins: 40,
    });

    const off = await post(cookie, 'EditCallout', editBody(edited.json().callout as StaffCallout, { active: false }));
    expect(off.json()).toMatchObject({ status: 'succeed', callout: { active: false, revision: 3 } });
    expect((await testerSees(tester.cookie)).map((callout) => callout.rKey)).not.toContain(added.rKey);

    const rows = (await auditRows(added.id)).filter((row) => row.action === 'callout.edit');
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.staffId === staff.id)).toBe(true);
    expect(rows.map((row) => [(row.before as StaffCallout).revision, (row.after as StaffCallout).revision]).sort()).toEqual([
      [1, 2],
      [2, 3],
    ]);
  });

  it('reads a time sent with no zone on the company’s clock (decision 139), on adding and on editing; an instant stays that instant', async () => {
    const { cookie } = await contentStaff();
    // LOYALTY_TIME_ZONE is America/Chicago by default: 09:00 there on 2 December 2030 is 15:00 UTC.
    const added = await addCallout(cookie, { startTimeStamp: '2030-12-02T09:00', endTimeStamp: '2030-12-20T17:30' });
    expect(added).toMatchObject({ startTimeStamp: '2030-12-02T15:00:00.000Z', endTimeStamp: '2030-12-20T23:30:00.000Z' });
    const edited = await post(
      cookie,
      'EditCallout',
      editBody(added, { startTimeStamp: '2031-07-01T09:00', endTimeStamp: '2031-07-02T09:00:00.000Z' }),
    );
    expect(edited.json()).toMatchObject({
      status: 'succeed',
      callout: { startTimeStamp: '2031-07-01T14:00:00.000Z', endTimeStamp: '2031-07-02T09:00:00.000Z' },
    });
  });

  it('refuses a save from an older copy, and an unknown call-out, writing nothing', async () => {
    const { cookie } = await contentStaff();
    const added = await addCallout(cookie);
    expect((await post(cookie, 'EditCallout', editBody(added, { title: 'First' }))).json()).toMatchObject({ status: 'succeed' });
    const stale = await post(cookie, 'EditCallout', editBody(added, { title: 'Second, from the old copy' }));
    expect(stale.json()).toEqual({ status: 'failed', message: CALLOUT_ADMIN_TEXTS.changed });
    expect((await staffCallouts(cookie)).find((callout) => callout.id === added.id)).toMatchObject({ title: 'First', revision: 2 });
    expect(await auditRows(added.id)).toHaveLength(2);

    const unknown = await post(cookie, 'EditCallout', editBody(added, { id: 2_000_000_000, revision: 1 }));
    expect(unknown.json()).toEqual({ status: 'failed', message: CALLOUT_ADMIN_TEXTS.notFound });
  });

  it('of 8 simultaneous saves from one copy by two editors, one succeeds and the rest are told it changed', async () => {
    const one = await contentStaff();
    const two = await contentStaff();
    for (let round = 0; round < 3; round += 1) {
      const added = await addCallout(one.cookie, { title: `Race ${round}` });
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          post(index % 2 === 0 ? one.cookie : two.cookie, 'EditCallout', editBody(added, { title: `Race ${round} by ${index}` })),
        ),
      );
      const bodies = answers.map((answer) => answer.json() as { status: string; message: string });
      expect(bodies.filter((body) => body.status === 'succeed')).toHaveLength(1);
      expect(bodies.filter((body) => body.status === 'failed').map((body) => body.message)).toEqual(
        Array(7).fill(CALLOUT_ADMIN_TEXTS.changed),
      );
      expect((await staffCallouts(one.cookie)).find((callout) => callout.id === added.id)?.revision).toBe(2);
      expect(await auditRows(added.id)).toHaveLength(2); // the add and the one save
    }
  });

  it('answers the shared schema’s messages for wrong fields and writes nothing', async () => {
    const { cookie } = await contentStaff();
    const count = (await staffCallouts(cookie)).length;
    const wrong = async (fields: Record<string, unknown>) => {
      const answer = await post(cookie, 'AddCallout', {
        title: 'T',
        description: 'D',
        pkCoins: 0,
        screener: '',
        ...showingNow(),
        ...fields,
      });
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.body;
    };
    expect(await wrong({ title: '  ' })).toContain(CALLOUT_ADMIN_TEXTS.titleRequired);
    expect(await wrong({ description: 'x'.repeat(1001) })).toContain(CALLOUT_ADMIN_TEXTS.descriptionTooLong);
    expect(await wrong({ pkCoins: 100_001 })).toContain(CALLOUT_ADMIN_TEXTS.coinsInvalid);
    expect(await wrong({ pkCoins: -1 })).toContain(CALLOUT_ADMIN_TEXTS.coinsInvalid);
    expect(await wrong({ screener: 'https://elsewhere.example/page' })).toContain(CALLOUT_ADMIN_TEXTS.screenerInvalid);
    expect(await wrong({ screener: '//elsewhere.example/community/main/x' })).toContain(CALLOUT_ADMIN_TEXTS.screenerInvalid);
    const start = new Date(Date.now() + HOUR_MS).toISOString();
    expect(await wrong({ startTimeStamp: start, endTimeStamp: start })).toContain(CALLOUT_ADMIN_TEXTS.endBeforeStart);
    expect(await wrong({ startTimeStamp: 'soon' })).toContain(CALLOUT_ADMIN_TEXTS.startRequired);
    expect(await staffCallouts(cookie)).toHaveLength(count);
    // the limits themselves are allowed
    await addCallout(cookie, { pkCoins: 100_000, screener: '', title: 'x'.repeat(120) });
  });

  it('refuses staff without the content role (403) and a tester’s cookie (401)', async () => {
    const { staff } = await createStaffMember(db(), { roles: ['recruiter'] });
    const recruiter = await staffCookieFor(db(), staff.id);
    expect((await getWith(testApp.app, '/api/staff/content/Callouts', { cookie: recruiter })).statusCode).toBe(403);
    const tester = await createLoggedInTester(db());
    expect((await getWith(testApp.app, '/api/staff/content/Callouts', { cookie: tester.cookie })).statusCode).toBe(401);
  });
});
