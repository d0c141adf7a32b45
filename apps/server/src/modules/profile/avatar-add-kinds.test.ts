import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { StaffAvatar } from '@testerhub/shared/avatar-settings-schemas';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { avatarCalls } from '../../../test/avatar-calls.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { makePng } from '../../../test/png.ts';
import { signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * Pictures added by content staff (decision 068), continued from avatar-add.test.ts: a JPEG and a
 * WebP taken by their bytes, a picture added hidden kept out of the testers' choice until shown, and
 * adds racing saves keep "one shown picture at level 1".
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

const { add, staffList, hide, offered } = avatarCalls(testApp, { addedHidden: false });

describe('profile pictures added by content staff', () => {
  it('takes a JPEG and a WebP by their bytes (stored as the PNG the server writes), and keeps a picture added hidden out of the choice until shown', async () => {
    const { cookie } = await signedInStaff(db(), ['content']);
    const square = sharp({ create: { width: 96, height: 96, channels: 3, background: '#2a7ad0' } });
    const added: StaffAvatar[] = [];
    for (const image of [await square.clone().jpeg().toBuffer(), await square.clone().webp().toBuffer()]) {
      const answer = await add(cookie, image, { hidden: true });
      const { avatar } = answer.json() as { avatar: StaffAvatar };
      expect(avatar.fileName, answer.body).toMatch(/^added-[0-9a-f]{16}\.png$/);
      expect((await getWith(testApp.app, avatar.imageSrc)).headers['content-type']).toBe('image/png');
      added.push(avatar);
    }
    const tester = await createLoggedInTester(db(), { level: 3 });
    const names = async () => (await offered(tester.cookie)).map((row) => row.fileName);
    expect(await names()).not.toContain(added[0]!.fileName);
    const shown = await postJson(
      testApp.app,
      '/api/staff/content/SaveAvatar',
      { imageId: added[0]!.imageId, version: 1, requireLevel: 3, hidden: false },
      { cookie },
    );
    expect(shown.json()).toMatchObject({ status: 'succeed', avatar: { version: 2, hidden: false } });
    expect(await names()).toContain(added[0]!.fileName);
    expect(await names()).not.toContain(added[1]!.fileName);
  });

  it('adds racing saves that hide the level-1 pictures: the adds all land, one hide is refused, one shown picture stays at level 1', async () => {
    const { cookie } = await signedInStaff(db(), ['content']);
    for (let round = 0; round < 3; round += 1) {
      const firstLevel = (await staffList(cookie)).filter((row) => row.requireLevel === 1 && !row.hidden);
      expect(firstLevel).toHaveLength(2);
      const answers = await Promise.all([
        add(cookie, makePng(64, 64), { hidden: true }),
        hide(cookie, firstLevel[0]!),
        add(cookie, makePng(64, 64), { requireLevel: 2 }),
        hide(cookie, firstLevel[1]!),
      ]);
      const statuses = answers.map((answer) => (answer.json() as { status: string }).status);
      expect([statuses[0], statuses[2]]).toEqual(['succeed', 'succeed']);
      expect([statuses[1], statuses[3]].sort()).toEqual(['failed', 'succeed']);
      const list = await staffList(cookie);
      expect(list.filter((row) => row.requireLevel === 1 && !row.hidden)).toHaveLength(1);
      const gone = list.find((row) => row.imageId === firstLevel[statuses[1] === 'succeed' ? 0 : 1]!.imageId)!;
      expect(
        (
          await postJson(
            testApp.app,
            '/api/staff/content/SaveAvatar',
            { imageId: gone.imageId, version: gone.version, requireLevel: 1, hidden: false },
            { cookie },
          )
        ).json(),
      ).toMatchObject({ status: 'succeed' });
    }
    // An added shown level-1 picture counts for newcomers: then both shipped ones may go.
    const [one, two] = (await staffList(cookie)).filter((row) => row.requireLevel === 1 && !row.hidden);
    expect((await add(cookie, makePng(64, 64))).json()).toMatchObject({ status: 'succeed' });
    expect((await hide(cookie, one!)).json()).toMatchObject({ status: 'succeed' });
    expect((await hide(cookie, two!)).json()).toMatchObject({ status: 'succeed' });
  });
});
