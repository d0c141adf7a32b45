import { encode } from 'uqr';

/** The SVG path of a QR matrix: one 1x1 square per dark module, so the drawing stays one element. */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  let path = '';
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return path;
}

/** The matrix of a token, with the four-module quiet zone scanners expect and medium error correction. */
export function qrModules(token: string): boolean[][] {
  return encode(token, { ecc: 'M', border: 4 }).data;
}

/**
 * A booking's check-in QR code, drawn as SVG from uqr's matrix (decision 023): crisp at any size,
 * no canvas, no HTML string. Screen readers get its name; the code itself is for the scanner.
 */
export function CheckInQr({ token, label }: { token: string; label: string }) {
  const modules = qrModules(token);
  const size = modules.length;
  return (
    <svg
      className="check-in-qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="check-in-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={qrPath(modules)} fill="#000" />
    </svg>
  );
}
