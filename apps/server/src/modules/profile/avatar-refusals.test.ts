import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_SETTINGS_TEXTS as T } from '@testerhub/shared/avatar-settings-schemas';
import { avatarCalls } from '../../../test/avatar-calls.ts';
import { makePng, pngDeclaring } from '../../../test/png.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { reencodeAvatarPicture } from './avatar-picture.ts';
import { avatars } from './profile-tables.ts';

/**
 * Added pictures the server refuses (issue 24 item 10; decision 078), with nothing stored: an
 * animation, pixels that cannot be decoded, a file declaring more pixels than a picture may have.
 * What it stores instead of the bytes sent is in avatar-reencode.test.ts.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

const { add, storedPictures } = avatarCalls(testApp, { addedHidden: true });

describe('added pictures refused by the server', () => {
  it('refuses an animated WebP of 30 frames of 1024 × 1024 (120 MB of pixels in a browser) at the image field, storing nothing', async () => {
    const { cookie } = await signedInStaff(db(), ['content']);
    // The 30 frames as one strip of raw pixels, a frame a page (no 30 PNGs to encode and decode again).
    const side = 1024;
    const strip = Buffer.alloc(side * side * 3 * 30);
    const frameBytes = side * side * 3;
    for (let index = 0; index < 30; index++)
      strip.fill(Buffer.from([index * 8, 255 - index * 8, 128]), index * frameBytes, (index + 1) * frameBytes);
    const animated = await sharp(strip, { raw: { width: side, height: side * 30, channels: 3, pageHeight: side } })
      .webp({ lossless: true, effort: 0 })
      .toBuffer();
    expect(animated.length).toBeLessThan(8 * 1024); // small enough for any size limit
    expect(await sharp(animated).metadata()).toMatchObject({ width: 1024, height: 1024, pages: 30 });
    const before = { list: await storedPictures(), avatars: (await db().select().from(avatars)).length };

    const answer = await add(cookie, animated);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'failed', message: T.imageAnimated, field: 'image' });
    expect({ list: await storedPictures(), avatars: (await db().select().from(avatars)).length }).toEqual(before);
  });

  it('refuses a picture whose header passes but whose pixels cannot be decoded, storing nothing', async () => {
    const { cookie } = await signedInStaff(db(), ['content']);
    const image = makePng(128, 128);
    image.fill(0x55, 41, image.length - 12); // the deflated rows (after IDAT's type, before IEND) overwritten
    const before = await storedPictures();
    expect((await add(cookie, image)).json()).toEqual({ status: 'failed', message: T.imageDamaged, field: 'image' });
    expect(await storedPictures()).toBe(before);
  });

  it('refuses a PNG declaring 12000 × 10000 pixels in 15 KB, storing nothing; the decoder stops at the pixel limit on its own', async () => {
    const { staff, cookie } = await signedInStaff(db(), ['content']);
    const bomb = pngDeclaring(12000, 10000);
    expect(bomb.length).toBeLessThan(16 * 1024);
    const before = await storedPictures();
    const answer = await add(cookie, bomb);
    expect(answer.json()).toEqual({ status: 'failed', message: T.imageSide(12000, 10000), field: 'image' });
    expect(await storedPictures()).toBe(before);
    expect(await auditRowsWhere(db(), { staffId: staff.id })).toHaveLength(0);
    // Past the header check too (a header read one way by it and another by libvips), the decoder refuses before allocating.
    expect(await reencodeAvatarPicture(bomb)).toEqual({ ok: false, message: T.imageTooManyPixels });
  });
});
