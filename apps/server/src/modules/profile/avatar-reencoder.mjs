// Re-encodes one added profile picture in a process of its own (decision 078): the picture's bytes
// on standard input, the limits as a JSON argument, one JSON answer on standard output. Run by
// avatar-picture.ts; plain JavaScript so that it runs the same from the source and from dist/
// (the build copies it beside main.js), with no TypeScript loader.
import sharp from 'sharp';

const { maxPixels, maxSide, formats } = JSON.parse(process.argv[2] ?? '{}');
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const input = Buffer.concat(chunks);

// One picture and gone: no cache of decoded images, one libvips thread.
sharp.cache(false);
sharp.concurrency(1);

/** libvips' refusal of a picture with more pixels than allowed, told apart from a damaged file. */
const failure = (error) => (/pixel limit/i.test(String(error?.message)) ? 'pixels' : 'damaged');

async function reencode() {
  let image;
  try {
    // The decoder stops before allocating more pixels than the largest allowed picture has.
    image = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' });
    const { format, pages } = await image.metadata();
    if (!formats.includes(format)) return { ok: false, reason: 'type' };
    // Every frame of an animation would be decoded by each browser that shows it.
    if ((pages ?? 1) > 1) return { ok: false, reason: 'animated' };
  } catch (error) {
    return { ok: false, reason: failure(error) };
  }
  try {
    // Upright by its EXIF orientation; sharp writes no metadata unless told to.
    const { data, info } = await image
      .autoOrient()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, width: info.width, height: info.height, png: data.toString('base64') };
  } catch (error) {
    return { ok: false, reason: failure(error) };
  }
}

process.stdout.write(JSON.stringify(await reencode()));
