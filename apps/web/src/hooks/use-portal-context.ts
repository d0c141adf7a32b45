import { useOutletContext } from 'react-router';

/** What the portal shell (/community/main) offers the page shown inside it. */
export interface PortalContext {
  /**
   * Reloads the level, experience and coins shown in the shell's nav
   * (GET /api/profile/GetUserInfo): call it after the tester earned or spent coins.
   */
  refreshProfile: () => void;
}

/** For pages under /community/main: the shell's context. Outside the shell it is undefined. */
export function usePortalContext(): PortalContext | undefined {
  return useOutletContext<PortalContext | undefined>();
}
