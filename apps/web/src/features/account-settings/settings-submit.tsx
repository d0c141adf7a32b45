/** A settings form's submit button: disabled and announced busy while its call runs. */
export function SettingsSubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <div className="account-settings__actions">
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
