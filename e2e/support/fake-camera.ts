import fs from 'node:fs';
import type { Browser, BrowserType, LaunchOptions } from '@playwright/test';
import { encode } from 'uqr';

/** The frame Chromium's fake camera plays: a phone camera's 4:3 at VGA. */
const WIDTH = 640;
const HEIGHT = 480;
/** Video levels (BT.601 limited range): white and black. */
const WHITE = 235;
const BLACK = 16;
/** Chroma at rest: grey, no colour. */
const NEUTRAL = 128;
/** The quiet zone around the code, in modules (the QR standard asks for four). */
const QUIET_MODULES = 4;

/**
 * Writes a short Y4M video (YUV4MPEG2, 4:2:0 planar) of `text` as a QR code, black on white,
 * centred with its quiet zone and scaled by whole pixels to most of the frame: what a phone held
 * over the tester's screen sees. Chromium's fake camera plays it in a loop (decision 067).
 */
export function writeQrVideo(text: string, file: string, frames = 5): void {
  const qr = encode(text, { border: 0, ecc: 'M' });
  const scale = Math.floor((Math.min(WIDTH, HEIGHT) * 0.9) / (qr.size + 2 * QUIET_MODULES));
  if (scale < 2) throw new Error(`The code (${qr.size} modules) does not fit a ${WIDTH}x${HEIGHT} frame`);
  const side = qr.size * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, WHITE);
  qr.data.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy += 1) {
        const start = (top + r * scale + dy) * WIDTH + left + c * scale;
        luma.fill(BLACK, start, start + scale);
      }
    }),
  );
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, NEUTRAL);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), luma, chroma]);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/**
 * A browser of its own whose camera plays `video`: Chromium reads the file once, at launch, so a
 * test with a code of its own launches its own browser, with the project's launch options (the
 * same executable and flags) plus the fake camera's. The permission prompt is answered by the
 * flags; contexts grant `camera` as well.
 */
export function launchWithCamera(browserType: BrowserType, launchOptions: LaunchOptions, video: string): Promise<Browser> {
  return browserType.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}
