/**
 * Reads a QR code's text from a camera frame (decision 048): the browser's BarcodeDetector where
 * it exists and knows QR codes, otherwise jsQR, imported only when first needed so it sits in a
 * chunk of its own that only the check-in page loads.
 */
/** A frame's pixels as RGBA bytes (an ImageData, or the same shape). */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}
export type QrDecoder = (source: HTMLVideoElement | Pixels) => Promise<string | null>;

interface DetectorLike {
  detect(source: unknown): Promise<{ rawValue: string }[]>;
}
type DetectorClass = { new (options: { formats: string[] }): DetectorLike; getSupportedFormats?: () => Promise<string[]> };

async function nativeDetector(): Promise<DetectorLike | null> {
  const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** The pixels of a frame, drawn on a canvas of the frame's size. */
function pixelsOf(source: HTMLVideoElement | Pixels): Pixels | null {
  if ('data' in source) return source;
  const { videoWidth: width, videoHeight: height } = source;
  if (!width || !height) return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}

/** The decoder this browser gets: native when it can read QR codes, jsQR otherwise. */
export async function createQrDecoder(): Promise<{ decode: QrDecoder; kind: 'native' | 'library' }> {
  const native = await nativeDetector();
  if (native) {
    return {
      kind: 'native',
      decode: async (source) => {
        const found = await native.detect(source);
        return found[0]?.rawValue ?? null;
      },
    };
  }
  const { default: jsQR } = await import('jsqr');
  return {
    kind: 'library',
    decode: async (source) => {
      const pixels = pixelsOf(source);
      if (!pixels) return null;
      return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
    },
  };
}
