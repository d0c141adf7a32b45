import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { StaffAvatar } from '@testerhub/shared/avatar-settings-schemas';
import { getWith, OUR_PAGE, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { makePng } from '../../../test/png.ts';
import { signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTwoApps } from '../../../test/two-apps.ts';

/**
 * An added picture across server instances (decision 068): its bytes are in the database, so the
 * instance that did not take the upload serves it and offers it at once. On PostgreSQL each
 * instance has its own pool; on PGlite both share the handle.
 */

const { db, apps } = useTwoApps({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });

describe('two server instances on one database', () => {
  it('a picture added through one is served and offered by the other', async () => {
    const [one, two] = apps();
    const { cookie } = await signedInStaff(db(), ['content']);
    const image = makePng(80, 80);
    const answer = await postJson(
      one,
      '/api/staff/content/AddAvatar',
      { image: image.toString('base64'), requireLevel: 1, hidden: false },
      { cookie, headers: OUR_PAGE },
    );
    const { avatar } = answer.json() as { avatar: StaffAvatar };
    expect(avatar?.imageSrc, answer.body).toMatch(/^\/api\/content\/Avatar\/added-/);

    const served = await getWith(two, avatar.imageSrc);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // The picture as the first instance re-encoded and stored it (decision 078).
    expect(served.rawPayload.equals((await getWith(one, avatar.imageSrc)).rawPayload)).toBe(true);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 80, height: 80 });
    const tester = await createLoggedInTester(db());
    const offered = (await getWith(two, '/api/profile/GetProfilePic', { cookie: tester.cookie })).json() as { fileName: string }[];
    expect(offered.map((row) => row.fileName)).toContain(avatar.fileName);
  });
});
