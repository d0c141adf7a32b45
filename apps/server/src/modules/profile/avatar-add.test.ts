import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_IMAGE_LIMITS, AVATAR_SETTINGS_TEXTS as T, type StaffAvatar } from '@testerhub/shared/avatar-settings-schemas';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { avatarCalls } from '../../../test/avatar-calls.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { makePng } from '../../../test/png.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * Pictures added by content staff (decision 068): PNG, JPEG or WebP recognised by their bytes, at
 * most 256 KB, square, 64 to 1024 pixels a side; re-encoded as PNG (decision 078, tested in
 * avatar-reencode.test.ts), stored in the database and served by the API with nosniff, a CSP that
 * allows nothing and a cache for good; offered to testers at their level; audited. JPEG, WebP, hidden
 * pictures and adds racing saves: avatar-add-kinds.test.ts.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

const { add, staffList, picture, offered } = avatarCalls(testApp, { addedHidden: false });

/** A real PNG followed by zeros up to `size` bytes: the size check counts them, the decoder stops at the PNG's end. */
function pngOfSize(size: number) {
  const image = new Uint8Array(size);
  image.set(makePng(128, 128));
  return image;
}

describe('profile pictures added by content staff', () => {
  it('refuses each wrong picture at the image field, writing nothing', async () => {
    const { staff, cookie } = await signedInStaff(db(), ['content']);
    const before = (await staffList(cookie)).length;
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([64, 0, 64, 0]), Buffer.alloc(32)]);
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><script>alert(1)</script></svg>',
    );
    const refusals: [Uint8Array | string, string][] = [
      [gif, T.imageType],
      [svg, T.imageSvg],
      [pngOfSize(AVATAR_IMAGE_LIMITS.maxBytes + 1), T.imageTooBig],
      [makePng(63, 63), T.imageSide(63, 63)],
      [makePng(1025, 1025), T.imageSide(1025, 1025)],
      [makePng(640, 480), T.imageNotSquare(640, 480)],
      [makePng(128, 128).subarray(0, 20), T.imageUnreadable],
    ];
    for (const [image, message] of refusals) {
      const answer = await add(cookie, image);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json(), message).toEqual({ status: 'failed', message, field: 'image' });
    }
    // Above the limit by more than base64's padding, or not base64: the schema refuses it at the field.
    const huge = await add(cookie, 'A'.repeat(Math.ceil(AVATAR_IMAGE_LIMITS.maxBytes / 3) * 4 + 4));
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ field: 'image', message: T.imageTooBig });
    expect((await add(cookie, 'not base64!')).json()).toMatchObject({ field: 'image', message: T.imageType });
    // Base64's letters but a length no bytes encode to.
    expect((await add(cookie, 'AAAAA')).json()).toEqual({ status: 'failed', message: T.imageType, field: 'image' });
    // A level beyond the highest there is.
    expect((await add(cookie, makePng(64, 64), { requireLevel: 11 })).json()).toEqual({
      status: 'failed',
      message: T.levelInvalid(10),
      field: 'requireLevel',
    });
    expect(await staffList(cookie)).toHaveLength(before);
    expect(await auditRowsWhere(db(), { staffId: staff.id })).toHaveLength(0);
  });

  it('stores a PNG of exactly 256 KB, serves it as the server re-encoded it with safe headers, offers it at its level, audited', async () => {
    const { staff, cookie } = await signedInStaff(db(), ['content']);
    const image = pngOfSize(AVATAR_IMAGE_LIMITS.maxBytes);
    const answer = await add(cookie, image, { requireLevel: 2 });
    expect(answer.statusCode, answer.body).toBe(200);
    const { avatar } = answer.json() as { avatar: StaffAvatar };
    expect(avatar).toMatchObject({ requireLevel: 2, hidden: false, version: 1, wornBy: 0 });
    expect(avatar.fileName).toMatch(/^added-[0-9a-f]{16}\.png$/);
    expect(avatar.imageSrc).toBe(`/api/content/Avatar/${avatar.fileName}`);
    expect(answer.json()).toMatchObject({ status: 'succeed', message: T.added(avatar.fileName) });
    expect(await picture(cookie, avatar.fileName)).toEqual(avatar);

    // Served to anyone (an <img> of the portal, the leaderboard or the console): its pixels in a PNG the server wrote, not what was sent (decision 078).
    const served = await getWith(testApp.app, avatar.imageSrc);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBeLessThan(image.length);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 128, height: 128 });
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(served.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    for (const unknown of ['added-0000000000000000.png', 'avatar-01.svg', '..%2Fpackage.json', avatar.fileName.replace('.png', '.jpg')])
      expect((await getWith(testApp.app, `/api/content/Avatar/${unknown}`)).statusCode, unknown).toBe(404);

    const [row] = await auditRowsWhere(db(), { staffId: staff.id, action: 'loyalty.avatar-add' });
    expect(row).toMatchObject({
      targetType: 'avatar',
      targetId: String(avatar.imageId),
      before: null,
      after: { fileName: avatar.fileName, requireLevel: 2, hidden: false, version: 1, contentType: 'image/png', width: 128, height: 128 },
    });

    // Offered at level 2: a level-1 tester sees it locked and cannot take it; a level-2 tester takes it and wears it.
    const newcomer = await createLoggedInTester(db(), { level: 1 });
    expect(await offered(newcomer.cookie)).toContainEqual({
      imageID: avatar.imageId,
      fileName: avatar.fileName,
      imageSrc: avatar.imageSrc,
      requireLevel: 2,
    });
    expect((await postJson(testApp.app, '/api/profile/SaveProfilePic', avatar.imageId, { cookie: newcomer.cookie })).json()).toEqual({
      status: 'failed',
    });
    const tester = await createLoggedInTester(db(), { level: 2 });
    expect((await postJson(testApp.app, '/api/profile/SaveProfilePic', avatar.imageId, { cookie: tester.cookie })).json()).toEqual({
      status: 'succeed',
    });
    const info = await getWith(testApp.app, '/api/account/GetPKTesterInfo', { cookie: tester.cookie });
    expect(info.json()).toMatchObject({ fileName: avatar.fileName, imageSrc: avatar.imageSrc });
    expect((await picture(cookie, avatar.fileName)).wornBy).toBe(1);
  });
});
