import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AVATAR_SETTINGS_TEXTS, type StaffAvatar, type StaffAvatarsResponse } from '@testerhub/shared/avatar-settings-schemas';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { staffAuditLog } from '../../core/db/schema.ts';

/**
 * Profile pictures edited by content staff (issue 12 section 6; decision 068): every picture listed
 * with its level, visibility and wearers; a save changes a tester's choice at once, with an audit
 * row; a hidden picture stays on whoever wears it; stale, unknown, too-high and "no picture left
 * for newcomers" saves are refused with nothing written; simultaneous saves keep one.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

async function contentStaff() {
  const { staff } = await createStaffMember(db(), { roles: ['content'] });
  return { staff, cookie: await staffCookieFor(db(), staff.id) };
}

async function staffList(cookie: string) {
  const answer = await getWith(testApp.app, '/api/staff/content/Avatars', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as StaffAvatarsResponse;
}
const picture = async (cookie: string, fileName: string) => (await staffList(cookie)).avatars.find((row) => row.fileName === fileName)!;
const save = (cookie: string, avatar: StaffAvatar, changes: Partial<Pick<StaffAvatar, 'requireLevel' | 'hidden'>> = {}) =>
  postJson(
    testApp.app,
    '/api/staff/content/SaveAvatar',
    { imageId: avatar.imageId, version: avatar.version, requireLevel: avatar.requireLevel, hidden: avatar.hidden, ...changes },
    { cookie },
  );
const testerPictures = async (cookie: string) => {
  const answer = await getWith(testApp.app, '/api/profile/GetProfilePic', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { fileName: string; requireLevel: number; imageID: number }[]).map((row) => [row.fileName, row.requireLevel]);
};
const auditRows = (imageId: number) =>
  db()
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.targetType, 'avatar'), eq(staffAuditLog.targetId, String(imageId))));

describe('profile pictures for content staff', () => {
  it('lists every picture; hiding one and moving another’s level shows to testers at once, audited; its wearer keeps it', async () => {
    const { staff, cookie } = await contentStaff();
    const wearer = await createLoggedInTester(db(), { level: 5, avatarFile: 'avatar-06.svg' });
    const list = await staffList(cookie);
    expect(list.highestLevel).toBe(10);
    expect(list.avatars.map((row) => [row.fileName, row.requireLevel, row.hidden])).toEqual([
      ['avatar-01.svg', 1, false],
      ['avatar-02.svg', 1, false],
      ['avatar-03.svg', 2, false],
      ['avatar-04.svg', 3, false],
      ['avatar-05.svg', 4, false],
      ['avatar-06.svg', 5, false],
    ]);
    const six = list.avatars.find((row) => row.fileName === 'avatar-06.svg')!;
    expect(six.wornBy).toBeGreaterThanOrEqual(1);
    expect(six.imageSrc).toBe('/media/avatars/avatar-06.svg');

    const hidden = await save(cookie, six, { hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({
      status: 'succeed',
      avatar: { fileName: 'avatar-06.svg', hidden: true, version: six.version + 1 },
    });
    const five = await picture(cookie, 'avatar-05.svg');
    expect((await save(cookie, five, { requireLevel: 7 })).json()).toMatchObject({ status: 'succeed', avatar: { requireLevel: 7 } });

    // The tester's choice: avatar-06 gone, avatar-05 at level 7; the wearer keeps avatar-06 but cannot choose it again.
    expect(await testerPictures(wearer.cookie)).toEqual([
      ['avatar-01.svg', 1],
      ['avatar-02.svg', 1],
      ['avatar-03.svg', 2],
      ['avatar-04.svg', 3],
      ['avatar-05.svg', 7],
    ]);
    const info = await getWith(testApp.app, '/api/account/GetPKTesterInfo', { cookie: wearer.cookie });
    expect(info.json()).toMatchObject({ fileName: 'avatar-06.svg' });
    const again = await postJson(testApp.app, '/api/profile/SaveProfilePic', six.imageId, { cookie: wearer.cookie });
    expect(again.json()).toEqual({ status: 'failed' });
    const rows = await auditRows(six.imageId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staffId: staff.id,
      action: 'loyalty.avatar',
      before: { fileName: 'avatar-06.svg', hidden: false, requireLevel: 5 },
      after: { fileName: 'avatar-06.svg', hidden: true, requireLevel: 5 },
    });

    // Shown again and back at level 5: offered again.
    const back = await picture(cookie, 'avatar-06.svg');
    expect((await save(cookie, back, { hidden: false })).json()).toMatchObject({ status: 'succeed' });
    expect((await save(cookie, await picture(cookie, 'avatar-05.svg'), { requireLevel: 4 })).json()).toMatchObject({ status: 'succeed' });
    expect(await testerPictures(wearer.cookie)).toHaveLength(6);
    expect((await postJson(testApp.app, '/api/profile/SaveProfilePic', six.imageId, { cookie: wearer.cookie })).json()).toEqual({
      status: 'succeed',
    });
  });

  it('refuses a stale, unknown or too-high save and leaving no shown picture at level 1, writing nothing', async () => {
    const { cookie } = await contentStaff();
    const three = await picture(cookie, 'avatar-03.svg');
    expect((await save(cookie, three, { requireLevel: 3 })).json()).toMatchObject({ status: 'succeed' });
    // A save from the version read before that one.
    expect((await save(cookie, three, { requireLevel: 6 })).json()).toEqual({ status: 'failed', message: AVATAR_SETTINGS_TEXTS.stale });
    expect(await picture(cookie, 'avatar-03.svg')).toMatchObject({ requireLevel: 3, version: three.version + 1 });
    expect(await auditRows(three.imageId)).toHaveLength(1);

    const current = await picture(cookie, 'avatar-03.svg');
    expect((await save(cookie, current, { requireLevel: 11 })).json()).toEqual({
      status: 'failed',
      message: AVATAR_SETTINGS_TEXTS.levelInvalid(10),
      field: 'requireLevel',
    });
    const zero = await save(cookie, current, { requireLevel: 0 });
    expect(zero.statusCode).toBe(400);
    expect((await save(cookie, { ...current, imageId: 99_999 })).json()).toEqual({
      status: 'failed',
      message: AVATAR_SETTINGS_TEXTS.notFound,
    });
    expect(await auditRows(three.imageId)).toHaveLength(1);
    expect((await save(cookie, current, { requireLevel: 2 })).json()).toMatchObject({ status: 'succeed' });

    // The two level-1 pictures: one may go, the last may not (neither hidden nor raised).
    const one = await picture(cookie, 'avatar-01.svg');
    const two = await picture(cookie, 'avatar-02.svg');
    expect((await save(cookie, one, { hidden: true })).json()).toMatchObject({ status: 'succeed' });
    expect((await save(cookie, two, { hidden: true })).json()).toEqual({
      status: 'failed',
      message: AVATAR_SETTINGS_TEXTS.lastForNewcomers,
      field: 'hidden',
    });
    expect((await save(cookie, two, { requireLevel: 2 })).json()).toMatchObject({ status: 'failed', field: 'requireLevel' });
    expect(await auditRows(two.imageId)).toHaveLength(0);
    expect((await save(cookie, await picture(cookie, 'avatar-01.svg'), { hidden: false })).json()).toMatchObject({ status: 'succeed' });
  });

  it('of 8 simultaneous saves of one picture from one version keeps one, with one audit row', async () => {
    const { cookie } = await contentStaff();
    const four = await picture(cookie, 'avatar-04.svg');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => save(cookie, four, { requireLevel: n + 1 })));
    const bodies = answers.map((answer) => answer.json() as { status: string; message: string; avatar?: StaffAvatar });
    const won = bodies.filter((body) => body.status === 'succeed');
    expect(won).toHaveLength(1);
    expect(bodies.filter((body) => body.status === 'failed').every((body) => body.message === AVATAR_SETTINGS_TEXTS.stale)).toBe(true);
    expect(await picture(cookie, 'avatar-04.svg')).toMatchObject({ requireLevel: won[0]!.avatar!.requireLevel, version: four.version + 1 });
    expect(await auditRows(four.imageId)).toHaveLength(1);
    expect((await save(cookie, await picture(cookie, 'avatar-04.svg'), { requireLevel: 3 })).json()).toMatchObject({ status: 'succeed' });
  });

  it('of two simultaneous saves hiding the two level-1 pictures, one is refused: a newcomer always has one', async () => {
    const { cookie } = await contentStaff();
    for (let round = 0; round < 4; round += 1) {
      const [one, two] = [await picture(cookie, 'avatar-01.svg'), await picture(cookie, 'avatar-02.svg')];
      const answers = await Promise.all([save(cookie, one, { hidden: true }), save(cookie, two, { hidden: true })]);
      const statuses = answers.map((answer) => (answer.json() as { status: string }).status).sort();
      expect(statuses).toEqual(['failed', 'succeed']);
      const list = (await staffList(cookie)).avatars;
      expect(list.filter((row) => row.requireLevel === 1 && !row.hidden)).toHaveLength(1);
      const gone = list.find((row) => row.requireLevel === 1 && row.hidden)!;
      expect((await save(cookie, gone, { hidden: false })).json()).toMatchObject({ status: 'succeed' });
    }
  });
});
