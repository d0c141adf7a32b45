// @vitest-environment jsdom
import { encode } from 'uqr';
import { describe, expect, test } from 'vitest';
import { createQrDecoder } from './qr-decoder';

/** A QR code drawn as RGBA pixels, `scale` pixels a module, as a camera frame would hold it. */
function renderedCode(text: string, scale = 4) {
  const modules = encode(text, { ecc: 'M', border: 4 }).data;
  const size = modules.length * scale;
  const data = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      const shade = modules[Math.floor(y / scale)]![Math.floor(x / scale)] ? 0 : 255;
      data.set([shade, shade, shade, 255], (y * size + x) * 4);
    }
  return { data, width: size, height: size };
}

describe('the check-in page’s QR decoder (decision 048)', () => {
  test('without BarcodeDetector it loads the decoder library and reads the schedule page’s code', async () => {
    expect('BarcodeDetector' in globalThis).toBe(false);
    const decoder = await createQrDecoder();
    expect(decoder.kind).toBe('library');
    const token = 'eyJiIjo0MiwidCI6ImFiYyIsInMiOjI0MTAxfQ.c2lnbmF0dXJlLW9mLXRoZS1jaGVjay1pbi10b2tlbg';
    expect(await decoder.decode(renderedCode(token))).toBe(token);
    const blank = { data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 };
    expect(await decoder.decode(blank)).toBeNull();
  });

  test('uses the browser’s BarcodeDetector when it reads QR codes', async () => {
    class FakeDetector {
      static getSupportedFormats = async () => ['qr_code', 'ean_13'];
      detect = async () => [{ rawValue: 'from-the-browser' }];
    }
    (globalThis as Record<string, unknown>).BarcodeDetector = FakeDetector;
    try {
      const decoder = await createQrDecoder();
      expect(decoder.kind).toBe('native');
      expect(await decoder.decode(renderedCode('ignored'))).toBe('from-the-browser');
    } finally {
      delete (globalThis as Record<string, unknown>).BarcodeDetector;
    }
  });
});
