import { accessRoleKeys, can, type Action, type Membership, type PermissionSubject, type RoleRef } from '@console/domain';
import { useCallback, useMemo } from 'react';
import { useCurrentAccount } from './current-account';

/** An organization or a project with its roles: where a permission question is asked. */
export interface PermissionScopeEntity {
  id: string;
  roles: readonly RoleRef[];
}

/** What the permission subject needs of the signed-in account. */
export interface PermissionAccount {
  id: string;
  email: string;
  isSystemAdmin: boolean;
  memberships: readonly Membership[];
}

/**
 * The permission subject of the signed-in account: the operator and, in an organization (and
 * optionally one of its projects), the KEYS of its roles there, given by the domain's
 * {@link accessRoleKeys} (the derivation the API uses too). Without an organization the subject
 * is the operator alone (system-wide questions such as entering the system-admin area).
 */
export function permissionSubject(account: PermissionAccount, organization?: PermissionScopeEntity, project?: PermissionScopeEntity): PermissionSubject {
  const operator = { id: account.id, email: account.email, isSystemAdmin: account.isSystemAdmin };
  if (organization === undefined) return { operator };
  const roleKeys = accessRoleKeys(
    account.memberships,
    { organization: organization.roles, project: project?.roles },
    { organizationId: organization.id, projectId: project?.id },
  );
  return { operator, ...roleKeys };
}

export type Can = (action: Action, extra?: Omit<PermissionSubject, 'operator' | 'organizationRoleKey' | 'projectRoleKey'>) => boolean;

/**
 * `can(action, extra)` for the signed-in account, system-wide or in an organization / project:
 * the same domain rule the API applies decides which controls are enabled (docs/product-rules.md#permissions).
 */
export function usePermissions(organization?: PermissionScopeEntity, project?: PermissionScopeEntity): Can {
  const account = useCurrentAccount();
  const subject = useMemo(() => permissionSubject(account, organization, project), [account, organization, project]);
  return useCallback<Can>((action, extra = {}) => can(action, { ...subject, ...extra }), [subject]);
}
