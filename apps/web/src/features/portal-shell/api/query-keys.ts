/**
 * The portal shell's query keys, all in one place (decision 012). Every key starts with
 * 'portal-shell', so the whole feature can be invalidated at once.
 */
export const portalShellKeys = {
  all: ['portal-shell'] as const,
  authorization: () => [...portalShellKeys.all, 'authorization'] as const,
  testerInfo: () => [...portalShellKeys.all, 'tester-info'] as const,
  accountUserInfo: () => [...portalShellKeys.all, 'account-user-info'] as const,
  profileUserInfo: () => [...portalShellKeys.all, 'profile-user-info'] as const,
  nextLevel: () => [...portalShellKeys.all, 'next-level'] as const,
};

export const portalShellMutationKeys = {
  logout: ['portal-shell', 'logout'] as const,
};
