import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { shownFailure } from '../../lib/query-status';
import { useLogout } from './api/logout';
import { usePortalShellTexts } from './portal-shell-texts';

interface LogoutState {
  logOut: () => void;
  loggingOut: boolean;
}

const LogoutContext = createContext<LogoutState>({ logOut: () => undefined, loggingOut: false });

interface LogoutProviderProps {
  /** Runs as the tester asks to log out (the shell closes its burger menu). */
  onStart: () => void;
  /** Runs once the server ended the session and the cache is cleared. */
  onLoggedOut: () => void;
  children: ReactNode;
}

/**
 * Holds the logout mutation for the shell's three Log out buttons and shows its failure.
 * Only this provider and the buttons re-render as the mutation moves on; the shell, whose
 * queries the logout clears, is not rendered again before it is left.
 */
export function LogoutProvider({ onStart, onLoggedOut, children }: LogoutProviderProps) {
  const mutation = useLogout({ onLoggedOut });
  const t = usePortalShellTexts();
  const { mutate, isPending, error, reset } = mutation;
  const logOut = useCallback(() => {
    if (isPending) return;
    onStart();
    mutate();
  }, [isPending, onStart, mutate]);
  const state = useMemo(() => ({ logOut, loggingOut: isPending }), [logOut, isPending]);
  return (
    <LogoutContext.Provider value={state}>
      {children}
      {shownFailure(error) && (
        <ModalDialog title={t('logoutFailedTitle')} tone="error" onClose={reset}>
          <p>{t('logoutFailed')}</p>
        </ModalDialog>
      )}
    </LogoutContext.Provider>
  );
}

/** A Log out button of the shell. */
export function LogoutButton({ className }: { className?: string }) {
  const { logOut, loggingOut } = useContext(LogoutContext);
  const t = usePortalShellTexts();
  return (
    <button type="button" className={className} onClick={logOut} disabled={loggingOut}>
      {t('logOut')}
    </button>
  );
}

/** Hands the shell's logout to something the portal route mounts in the shell (the study-link flow's mismatch notice). */
export function WithLogOut({ render }: { render: (logOut: () => void) => ReactNode }) {
  const { logOut } = useContext(LogoutContext);
  return <>{render(logOut)}</>;
}
