import { encode } from 'uqr';

/**
 * The enrolment QR code of the otpauth URI (decision 044), drawn as SVG from uqr's matrix like
 * the check-in code: one path, crisp at any size. Its name says what it is; the secret is also
 * shown as text beside it for typing in.
 */
export function StaffQr({ value, label }: { value: string; label: string }) {
  const modules = encode(value, { ecc: 'M', border: 4 }).data;
  let path = '';
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg className="staff-qr" viewBox={`0 0 ${modules.length} ${modules.length}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={modules.length} height={modules.length} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
