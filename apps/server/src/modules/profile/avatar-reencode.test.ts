import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getWith } from '../../../test/account-helpers.ts';
import { avatarCalls } from '../../../test/avatar-calls.ts';
import { makePng } from '../../../test/png.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { avatarImages, avatars } from './profile-tables.ts';

/**
 * Added pictures are re-encoded by the server (issue 24 item 10; decision 078): what is stored and
 * served is a PNG written from the decoded pixels, never the bytes that were sent. Text after the
 * image, EXIF, GPS and XMP are gone; an animation or a file declaring more pixels than a picture
 * may have is refused with nothing stored (avatar-refusals.test.ts); a picture kept as uploaded before this is re-encoded
 * on its first request.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

const { added, served } = avatarCalls(testApp, { addedHidden: true });

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

describe('added pictures re-encoded by the server', () => {
  it('a PNG with HTML after its end is served as a fresh PNG of its pixels, without the HTML', async () => {
    const { cookie } = await signedInStaff(db(), ['content']);
    const image = makePng(128, 128, [0x11, 0x88, 0x44]);
    const avatar = await added(cookie, Buffer.concat([image, Buffer.from(HTML)]));
    expect(avatar.fileName).toMatch(/^added-[0-9a-f]{16}\.png$/);

    const { type, bytes } = await served(avatar.imageSrc);
    expect(type).toBe('image/png');
    expect(bytes.includes('<script')).toBe(false);
    expect(bytes.includes('<html')).toBe(false);
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // Nothing after the PNG's end chunk: the file ends with IEND and its CRC.
    expect(bytes.subarray(-8, -4).toString('ascii')).toBe('IEND');
    const decoded = await sharp(bytes, { failOn: 'warning' }).raw().toBuffer({ resolveWithObject: true });
    expect(decoded.info).toMatchObject({ width: 128, height: 128, channels: 3 });
    expect([...decoded.data.subarray(0, 3)]).toEqual([0x11, 0x88, 0x44]);
  });

  it('strips EXIF (GPS, copyright) and XMP from a JPEG and turns it upright by its orientation', async () => {
    const { cookie } = await signedInStaff(db(), ['content']);
    const jpeg = await sharp({ create: { width: 200, height: 196, channels: 3, background: '#d04020' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Copyright: 'EXIF-COPYRIGHT-MARK' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 0/1' },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">XMP-MARK</rdf:RDF></x:xmpmeta>',
      )
      .toBuffer();
    // The file made really carries them, the way a phone's photo does.
    const sent = await sharp(jpeg).metadata();
    expect(sent).toMatchObject({ format: 'jpeg', orientation: 6 });
    expect(sent.exif?.includes('EXIF-COPYRIGHT-MARK')).toBe(true);
    expect(jpeg.includes('XMP-MARK')).toBe(true);

    const avatar = await added(cookie, jpeg);
    expect(avatar.fileName).toMatch(/\.png$/);
    const { type, bytes } = await served(avatar.imageSrc);
    expect(type).toBe('image/png');
    // Neither the values nor any PNG chunk that could carry metadata (EXIF, text, XMP, a colour profile).
    for (const mark of ['EXIF-COPYRIGHT-MARK', 'XMP-MARK', 'eXIf', 'tEXt', 'iTXt', 'zTXt', 'iCCP'])
      expect(bytes.includes(mark), mark).toBe(false);
    const kept = await sharp(bytes).metadata();
    expect(kept).toMatchObject({ format: 'png', width: 196, height: 200 });
    expect([kept.exif, kept.xmp, kept.icc, kept.orientation]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('stores a large picture at 256 pixels a side and a small one at its size, both as PNG, the audit naming what was sent', async () => {
    const { staff, cookie } = await signedInStaff(db(), ['content']);
    const large = makePng(1024, 1024);
    const big = await added(cookie, large);
    expect(await sharp((await served(big.imageSrc)).bytes).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
    const small = await added(cookie, makePng(96, 96));
    expect(await sharp((await served(small.imageSrc)).bytes).metadata()).toMatchObject({ format: 'png', width: 96, height: 96 });

    const [row] = await auditRowsWhere(db(), { staffId: staff.id, targetId: String(big.imageId) });
    expect(row?.after).toMatchObject({
      contentType: 'image/png',
      width: 256,
      height: 256,
      sent: { contentType: 'image/png', width: 1024, height: 1024, bytes: large.length },
    });
  });

  it('a picture kept as uploaded before re-encoding is re-encoded on its first requests (at once, written once), and never served as it came', async () => {
    const uploaded = Buffer.concat([makePng(80, 80), Buffer.from(HTML)]);
    const damaged = Buffer.concat([makePng(80, 80).subarray(0, 33), Buffer.alloc(200)]); // a header, then zeros: decoding fails
    const names = { uploaded: 'added-00000000000000aa.png', damaged: 'added-00000000000000bb.jpg' };
    const addedAt = new Date('2026-11-26T12:00:00Z');
    await db()
      .insert(avatars)
      .values(Object.values(names).map((fileName) => ({ fileName, requireLevel: 1, hidden: true })));
    await db()
      .insert(avatarImages)
      .values([
        { fileName: names.uploaded, contentType: 'image/png', bytes: uploaded, width: 80, height: 80, addedAt },
        { fileName: names.damaged, contentType: 'image/jpeg', bytes: damaged, width: 80, height: 80, addedAt },
      ]);

    const answers = await Promise.all(Array.from({ length: 4 }, () => served(`/api/content/Avatar/${names.uploaded}`)));
    for (const { type, bytes } of answers) {
      expect(type).toBe('image/png');
      expect(bytes.includes('<script')).toBe(false);
      expect(bytes.equals(answers[0]!.bytes)).toBe(true);
    }
    expect(await sharp(answers[0]!.bytes).metadata()).toMatchObject({ format: 'png', width: 80, height: 80 });
    const [stored] = await db().select().from(avatarImages).where(eq(avatarImages.fileName, names.uploaded));
    expect(Buffer.from(stored!.bytes).equals(answers[0]!.bytes)).toBe(true);
    expect(stored!.reencodedAt).toBeInstanceOf(Date);

    // One the decoder cannot read is not served at all.
    expect((await getWith(testApp.app, `/api/content/Avatar/${names.damaged}`)).statusCode).toBe(404);
  });
});
