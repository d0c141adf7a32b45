/** The privacy feature's mutation keys (decision 040); it reads no query of its own. */
export const privacyMutationKeys = {
  exportMyData: ['privacy', 'export-my-data'] as const,
  deleteMyAccount: ['privacy', 'delete-my-account'] as const,
};
