/** Membership shape needed to find an account's default project. */
export interface AccountMemberships {
  memberships: readonly { projects: readonly { projectId: string }[] }[];
}

/** The account's default project: the first project of its memberships (docs/product-rules.md#screens). */
export function defaultProjectId(account: AccountMemberships): string | undefined {
  for (const membership of account.memberships) {
    const first = membership.projects[0];
    if (first) return first.projectId;
  }
  return undefined;
}

/**
 * /projects/latest (docs/product-rules.md#screens): the remembered latest project id, else the account's default
 * project id, else undefined (go to /projects).
 */
export function resolveLatestProjectId(remembered: string | undefined | null, account: AccountMemberships): string | undefined {
  if (remembered) return remembered;
  return defaultProjectId(account);
}
