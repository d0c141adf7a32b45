import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AVATAR_IMAGE_LIMITS, AVATAR_SETTINGS_TEXTS } from '@testerhub/shared/avatar-settings-schemas';

/** What is stored and served of an added picture: a PNG the server wrote, never the bytes that came. */
export type ReencodedPicture =
  { ok: true; contentType: 'image/png'; bytes: Buffer; width: number; height: number } | { ok: false; message: string };

type ReencoderAnswer =
  { ok: true; width: number; height: number; png: string } | { ok: false; reason: 'type' | 'animated' | 'pixels' | 'damaged' };

const L = AVATAR_IMAGE_LIMITS;
const T = AVATAR_SETTINGS_TEXTS;

/** Beside this file in the source, beside main.js in dist/ (the build copies it). */
const REENCODER = fileURLToPath(new URL('./avatar-reencoder.mjs', import.meta.url));
const LIMITS = JSON.stringify({ maxPixels: L.maxSide * L.maxSide, maxSide: L.storedMaxSide, formats: ['png', 'jpeg', 'webp'] });
/** A picture of at most 1024 × 1024 takes well under a second; one that takes longer is not a picture to keep. */
const TIME_LIMIT_MS = 20_000;
const REFUSALS = { type: T.imageType, animated: T.imageAnimated, pixels: T.imageTooManyPixels, damaged: T.imageDamaged };

/** The re-encoder as a short-lived child process: the picture in, its answer out. */
function runReencoder(input: Uint8Array): Promise<ReencoderAnswer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [REENCODER, LIMITS],
      { timeout: TIME_LIMIT_MS, maxBuffer: 8 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout) => {
        // Stopped by the time limit: the file keeps the decoder busy, like a damaged one.
        if (error?.killed) resolve({ ok: false, reason: 'damaged' });
        else if (error) reject(new Error(`the picture re-encoder failed: ${error.message}`));
        else resolve(JSON.parse(stdout) as ReencoderAnswer);
      },
    );
    // A child that ends before reading it all closes the pipe: its exit is what the callback reports.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  });
}

/** One re-encoding at a time: each child holds some 70 MB while it runs, and pictures are added rarely. */
let previous: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = previous.then(task, task);
  previous = run.catch(() => undefined);
  return run;
}

/**
 * Decodes a picture and writes a fresh PNG of its pixels (decision 078): whatever else the file
 * carried (text after the image, EXIF, GPS, comments, colour profiles, further frames) is gone.
 * The decoder stops before allocating more than the largest allowed picture's pixels, a file it
 * cannot decode cleanly is refused, an animation is refused, and the picture is turned upright by
 * its EXIF orientation and made at most `storedMaxSide` pixels a side.
 *
 * The work is done by sharp (libvips) in a child process: loading it and decoding leave some
 * 25 to 40 MB in a process for good, which the server, resting near its 250 MB budget
 * (decision 015), cannot spare; and a decoder fault on a hostile file ends that process only.
 */
export async function reencodeAvatarPicture(input: Uint8Array): Promise<ReencodedPicture> {
  const answer = await oneAtATime(() => runReencoder(input));
  if (!answer.ok) return { ok: false, message: REFUSALS[answer.reason] };
  return { ok: true, contentType: 'image/png', bytes: Buffer.from(answer.png, 'base64'), width: answer.width, height: answer.height };
}
