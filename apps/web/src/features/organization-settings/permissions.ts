import { can, findMembership, type Action, type PermissionSubject } from '@console/domain';
import { useCallback, useMemo } from 'react';
import { useCurrentAccount } from '@/app/auth-state';
import type { Account } from '@/features/account/api/get-account';

interface RoleHolder {
  roles: readonly { id: string; key: string }[];
}

/**
 * The permission subject of the signed-in account for an organization (and optionally one of its
 * projects): the operator and the KEYS of its roles there, looked up from its memberships.
 */
export function permissionSubject(
  account: Account,
  organization: (RoleHolder & { id: string }) | undefined,
  project?: RoleHolder & { id: string },
): PermissionSubject {
  const membership = organization ? findMembership(account.memberships, organization.id) : undefined;
  const organizationRoleKey = membership ? (organization?.roles.find((r) => r.id === membership.roleId)?.key ?? null) : null;
  const assignment = project ? membership?.projects.find((p) => p.projectId === project.id) : undefined;
  const projectRoleKey = assignment ? (project?.roles.find((r) => r.id === assignment.roleId)?.key ?? null) : null;
  return {
    operator: { id: account.id, email: account.email, isSystemAdmin: account.isSystemAdmin },
    organizationRoleKey,
    projectRoleKey,
  };
}

export type Can = (action: Action, extra?: Omit<PermissionSubject, 'operator' | 'organizationRoleKey' | 'projectRoleKey'>) => boolean;

/**
 * `can(action, extra)` for the signed-in account in an organization / project: the same domain
 * rule the API applies decides which controls are enabled (spec §6).
 */
export function usePermissions(organization: (RoleHolder & { id: string }) | undefined, project?: RoleHolder & { id: string }): Can {
  const account = useCurrentAccount();
  const subject = useMemo(() => permissionSubject(account, organization, project), [account, organization, project]);
  return useCallback<Can>((action, extra = {}) => can(action, { ...subject, ...extra }), [subject]);
}
