/** A fresh set of recovery codes, each on its line (set-up's last step and the own-account page): shown once. */
export function RecoveryCodeList({ codes }: { codes: readonly string[] }) {
  return (
    <ol className="staff-codes" data-testid="recovery-codes">
      {codes.map((code) => (
        <li key={code}>
          <code>{code}</code>
        </li>
      ))}
    </ol>
  );
}
