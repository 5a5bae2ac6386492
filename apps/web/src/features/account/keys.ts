/**
 * The query keys of the signed-in account. Lists that depend on the account's memberships (its
 * organizations, its projects) live under this key too, so that a change of the memberships
 * (accepting an invitation) refreshes them with the account.
 */
export const accountKeys = {
  all: ['account'] as const,
  current: (uid: string | undefined) => ['account', 'current', uid ?? 'anonymous'] as const,
};
