import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';

/** Draws a QR code shown as an SVG into a canvas in the page and decodes its pixels here with jsQR (the schedule check's code). */
export async function decodeQr(qr: Locator): Promise<string | null> {
  const image = await qr.evaluate(async (svg) => {
    const scale = 6;
    const size = (svg as SVGSVGElement).viewBox.baseVal.width * scale;
    const picture = new Image();
    picture.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await picture.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d')!;
    context.imageSmoothingEnabled = false;
    context.drawImage(picture, 0, 0, size, size);
    // The RGBA bytes as base64: a plain array of numbers is slow to hand over.
    const bytes = context.getImageData(0, 0, size, size).data;
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return { size, pixels: btoa(binary) };
  });
  return jsQR(new Uint8ClampedArray(Buffer.from(image.pixels, 'base64')), image.size, image.size)?.data ?? null;
}
