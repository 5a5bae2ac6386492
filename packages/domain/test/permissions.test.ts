import fc from 'fast-check';
import type { ErrorCode } from '../src/errors';
import { Actions, can, decide, type Action, type Decision, type PermissionSubject } from '../src/permissions';

type Operator = NonNullable<PermissionSubject['operator']>;
const ALL_ACTIONS: readonly Action[] = Object.values(Actions);

const COMPANY_DOMAIN = 'corp.example.jp';
const me: Operator = { id: 'me00000001', email: 'me@corp.example.jp', isSystemAdmin: false };
const other = { id: 'other00001', email: 'other@corp.example.jp' };

/** The kinds of caller of the matrix, acting on ANOTHER account / email. */
const CALLERS = {
  anonymous: { operator: null },
  systemAdmin: { operator: { ...me, isSystemAdmin: true } },
  orgAdmin: { operator: me, organizationRoleKey: 'admin' },
  orgMember: { operator: me, organizationRoleKey: 'member' },
  projectAdmin: { operator: me, organizationRoleKey: 'member', projectRoleKey: 'admin' },
  projectMember: { operator: me, organizationRoleKey: 'member', projectRoleKey: 'member' },
  customRole: { operator: me, organizationRoleKey: 'supervisor', projectRoleKey: 'supervisor' },
  outsider: { operator: me },
} satisfies Record<string, PermissionSubject>;
type Caller = keyof typeof CALLERS;
const CALLER_ORDER: Caller[] = ['anonymous', 'systemAdmin', 'orgAdmin', 'orgMember', 'projectAdmin', 'projectMember', 'customRole', 'outsider'];

function subjectFor(caller: Caller, extra: Partial<PermissionSubject> = {}): PermissionSubject {
  return { targetAccountId: other.id, targetEmail: other.email, companyDomain: COMPANY_DOMAIN, ...CALLERS[caller], ...extra };
}

/**
 * A = allowed, F = FORBIDDEN, U = UNAUTHENTICATED; columns in CALLER_ORDER:
 *        anon sys orgAdm orgMem prjAdm prjMem custom outsider
 * Typed as Record<Action, …>: an action without a row does not compile.
 */
const MATRIX: Record<Action, string> = {
  'account.manageOwn': 'U A A A A A A A',
  'organization.listOwn': 'U A A A A A A A',
  'project.listOwn': 'U A A A A A A A',
  'invitation.accept': 'U A A A A A A A',

  'systemAdmin.access': 'U A F F F F F F',
  'systemAdmin.listAccounts': 'U A F F F F F F',
  'systemAdmin.grant': 'U A F F F F F F',
  'systemAdmin.revoke': 'U A F F F F F F',
  'organization.create': 'U A F F F F F F',
  'organization.listAll': 'U A F F F F F F',
  'project.create': 'U A F F F F F F',
  'project.listAll': 'U A F F F F F F',
  'karteMapping.read': 'U A F F F F F F',
  'karteMapping.write': 'U A F F F F F F',
  'project.updateProductSettings': 'U A F F F F F F',
  'auditLog.viewAll': 'U A F F F F F F',
  'domain.listAll': 'U A F F F F F F',
  'domain.verifyManually': 'U A F F F F F F',
  'organization.listDeleted': 'U A F F F F F F',
  'organization.restore': 'U A F F F F F F',
  'serviceCredential.manage': 'U A F F F F F F',
  'sso.listAll': 'U A F F F F F F',
  'sso.disable': 'U A F F F F F F',

  'organization.view': 'U A A A A A A F',
  'organization.update': 'U A A F F F F F',
  'organization.manageSecurity': 'U A A F F F F F',
  'organization.manageSso': 'U A A F F F F F',
  'organization.uploadImage': 'U A A F F F F F',
  'organization.listMembers': 'U A A A A A A F',
  'organization.invite': 'U A A F F F F F',
  'organization.removeMember': 'U A A F F F F F',
  'organization.assignRole': 'U A A F F F F F',
  'organization.viewAuditLog': 'U A A F F F F F',
  'organization.listDomains': 'U A A A A A A F',
  'organization.manageDomains': 'U A A F F F F F',
  'organization.manageJoinRequests': 'U A A F F F F F',
  'organization.exportMembers': 'U A A F F F F F',
  'organization.delete': 'U A A F F F F F',
  'organization.export': 'U A A F F F F F',

  'invitation.list': 'U A A A A A A F',
  'invitation.cancel': 'U A A A A A A F',
  'invitation.read': 'U A F F F F F F',

  'project.view': 'U A A A A A A F',
  'project.listMembers': 'U A A A A A A F',
  'project.update': 'U A A F A F F F',
  'project.invite': 'U A A F A F F F',
  'project.removeMember': 'U A A F A F F F',
  'project.assignRole': 'U A A F A F F F',
};

const LETTER: Record<string, Decision> = {
  A: { allowed: true },
  F: { allowed: false, reason: 'FORBIDDEN' },
  U: { allowed: false, reason: 'UNAUTHENTICATED' },
};

function denied(reason: ErrorCode): Decision {
  return { allowed: false, reason };
}

describe('Actions', () => {
  it('ALL_ACTIONS lists every action once and the matrix has a row for each', () => {
    expect(new Set(ALL_ACTIONS).size).toBe(ALL_ACTIONS.length);
    expect(Object.keys(MATRIX).sort()).toEqual([...ALL_ACTIONS].sort());
    for (const row of Object.values(MATRIX)) expect(row.split(' ')).toHaveLength(CALLER_ORDER.length);
  });
});

describe('permission matrix (docs/product-rules.md#permissions)', () => {
  const rows = ALL_ACTIONS.flatMap((action) => {
    const letters = MATRIX[action].split(' ');
    return CALLER_ORDER.map((caller, i) => [action, caller, letters[i] ?? '?'] as const);
  });

  it.each(rows)('%s by %s → %s', (action, caller, letter) => {
    const expected = LETTER[letter];
    expect(expected).toBeDefined();
    expect(decide(action, subjectFor(caller))).toEqual(expected);
    expect(can(action, subjectFor(caller))).toBe(letter === 'A');
  });
});

describe('never on oneself', () => {
  const self = { targetAccountId: me.id, targetEmail: undefined };

  it.each<[Action, Caller, ErrorCode]>([
    ['organization.removeMember', 'systemAdmin', 'CANNOT_REMOVE_SELF'],
    ['organization.removeMember', 'orgAdmin', 'CANNOT_REMOVE_SELF'],
    ['project.removeMember', 'systemAdmin', 'CANNOT_REMOVE_SELF'],
    ['project.removeMember', 'orgAdmin', 'CANNOT_REMOVE_SELF'],
    ['project.removeMember', 'projectAdmin', 'CANNOT_REMOVE_SELF'],
    ['organization.assignRole', 'systemAdmin', 'CANNOT_CHANGE_OWN_ROLE'],
    ['organization.assignRole', 'orgAdmin', 'CANNOT_CHANGE_OWN_ROLE'],
    ['project.assignRole', 'systemAdmin', 'CANNOT_CHANGE_OWN_ROLE'],
    ['project.assignRole', 'orgAdmin', 'CANNOT_CHANGE_OWN_ROLE'],
    ['project.assignRole', 'projectAdmin', 'CANNOT_CHANGE_OWN_ROLE'],
    ['systemAdmin.grant', 'systemAdmin', 'CANNOT_CHANGE_OWN_SYSTEM_ADMIN'],
    ['systemAdmin.revoke', 'systemAdmin', 'CANNOT_CHANGE_OWN_SYSTEM_ADMIN'],
    // Without the right to act at all, the answer stays FORBIDDEN.
    ['organization.removeMember', 'orgMember', 'FORBIDDEN'],
    ['project.assignRole', 'projectMember', 'FORBIDDEN'],
    ['systemAdmin.revoke', 'orgAdmin', 'FORBIDDEN'],
  ])('%s on oneself by %s → %s', (action, caller, reason) => {
    expect(decide(action, subjectFor(caller, self))).toEqual(denied(reason));
  });

  it('the system-admin toggle recognises oneself by email too, case-insensitively', () => {
    const s = subjectFor('systemAdmin', { targetAccountId: undefined, targetEmail: 'ME@Corp.Example.JP' });
    expect(decide('systemAdmin.grant', s)).toEqual(denied('CANNOT_CHANGE_OWN_SYSTEM_ADMIN'));
    expect(decide('systemAdmin.revoke', s)).toEqual(denied('CANNOT_CHANGE_OWN_SYSTEM_ADMIN'));
  });

  it('without a target, only the role decides (for showing controls)', () => {
    const noTarget = { targetAccountId: undefined, targetEmail: undefined };
    expect(can('organization.removeMember', subjectFor('orgAdmin', noTarget))).toBe(true);
    expect(can('project.assignRole', subjectFor('projectAdmin', { ...noTarget, targetAccountId: null }))).toBe(true);
  });
});

describe('nobody chooses their own roles through an invitation', () => {
  it.each<[Action, Caller]>([
    ['organization.invite', 'systemAdmin'],
    ['organization.invite', 'orgAdmin'],
    ['project.invite', 'systemAdmin'],
    ['project.invite', 'orgAdmin'],
    ['project.invite', 'projectAdmin'],
  ])('%s of one’s own address by %s → CANNOT_CHANGE_OWN_ROLE (case-insensitive)', (action, caller) => {
    expect(decide(action, subjectFor(caller, { targetAccountId: undefined, targetEmail: ' ME@Corp.Example.JP' }))).toEqual(denied('CANNOT_CHANGE_OWN_ROLE'));
    expect(decide(action, subjectFor(caller, { targetAccountId: me.id, targetEmail: undefined }))).toEqual(denied('CANNOT_CHANGE_OWN_ROLE'));
  });

  it('inviting one’s own address without the right to invite stays FORBIDDEN', () => {
    expect(decide('organization.invite', subjectFor('orgMember', { targetEmail: me.email }))).toEqual(denied('FORBIDDEN'));
  });

  it('inviting someone else, or without an address (for showing the invite button), is allowed', () => {
    expect(decide('organization.invite', subjectFor('orgAdmin'))).toEqual({ allowed: true });
    expect(decide('organization.invite', subjectFor('orgAdmin', { targetAccountId: undefined, targetEmail: undefined }))).toEqual({ allowed: true });
  });

  it('accepting an invitation the operator sent is refused, whatever address it went to', () => {
    for (const caller of ['systemAdmin', 'orgAdmin', 'outsider'] as const) {
      expect(decide('invitation.accept', subjectFor(caller, { invitedById: me.id }))).toEqual(denied('CANNOT_CHANGE_OWN_ROLE'));
    }
  });

  it('accepting an invitation someone else sent is allowed', () => {
    expect(decide('invitation.accept', subjectFor('outsider', { invitedById: other.id }))).toEqual({ allowed: true });
    expect(decide('invitation.accept', subjectFor('outsider', { invitedById: null }))).toEqual({ allowed: true });
  });
});

describe('project admins invite into their projects (docs/product-rules.md#permissions)', () => {
  const invitedAs = (caller: Caller, invitedOrganizationRoleKey: string | null) => subjectFor(caller, { invitedOrganizationRoleKey });

  it('a project admin gives the invitee the organization member role, nothing higher', () => {
    expect(decide('project.invite', invitedAs('projectAdmin', 'member'))).toEqual({ allowed: true });
    expect(decide('project.invite', invitedAs('projectAdmin', 'admin'))).toEqual(denied('FORBIDDEN'));
    expect(decide('project.invite', invitedAs('projectAdmin', 'supervisor'))).toEqual(denied('FORBIDDEN'));
    expect(decide('project.invite', invitedAs('projectAdmin', null))).toEqual(denied('FORBIDDEN'));
  });

  it('organization admins and system admins give any organization role', () => {
    for (const caller of ['orgAdmin', 'systemAdmin'] as const) expect(decide('project.invite', invitedAs(caller, 'admin'))).toEqual({ allowed: true });
  });

  it('without the right to invite into the project, the role chosen changes nothing', () => {
    for (const caller of ['orgMember', 'projectMember', 'outsider'] as const)
      expect(decide('project.invite', invitedAs(caller, 'member'))).toEqual(denied('FORBIDDEN'));
  });

  it('one’s own address stays refused whatever the role', () => {
    expect(decide('project.invite', subjectFor('projectAdmin', { targetEmail: me.email, invitedOrganizationRoleKey: 'member' }))).toEqual(
      denied('CANNOT_CHANGE_OWN_ROLE'),
    );
  });

  it('an invitation never gives a project admin more than the member role of the organization (property)', () => {
    fc.assert(
      fc.property(subjectArb, (subject) => {
        const projectAdmin: PermissionSubject = {
          ...subject,
          operator: { ...subject.operator, isSystemAdmin: false },
          organizationRoleKey: 'member',
          projectRoleKey: 'admin',
        };
        if (can('project.invite', projectAdmin)) expect([undefined, 'member']).toContain(projectAdmin.invitedOrganizationRoleKey);
      }),
    );
  });
});

describe('system-admin grant and revoke', () => {
  const sys = (extra: Partial<PermissionSubject>) => subjectFor('systemAdmin', { targetAccountId: undefined, ...extra });

  it('granting needs a company-domain email', () => {
    expect(decide('systemAdmin.grant', sys({ targetEmail: 'Hanako@CORP.example.jp' }))).toEqual({ allowed: true });
    expect(decide('systemAdmin.grant', sys({ targetEmail: 'hanako@gmail.com' }))).toEqual(denied('INTERNAL_ACCOUNTS_ONLY'));
    expect(decide('systemAdmin.grant', sys({ targetEmail: 'hanako@corp.example.jp.evil.com' }))).toEqual(denied('INTERNAL_ACCOUNTS_ONLY'));
    expect(decide('systemAdmin.grant', sys({ targetEmail: undefined }))).toEqual(denied('INTERNAL_ACCOUNTS_ONLY'));
  });

  it('granting fails closed without a configured company domain', () => {
    expect(decide('systemAdmin.grant', sys({ targetEmail: other.email, companyDomain: undefined }))).toEqual(denied('INTERNAL_ACCOUNTS_ONLY'));
    expect(decide('systemAdmin.grant', sys({ targetEmail: other.email, companyDomain: '' }))).toEqual(denied('INTERNAL_ACCOUNTS_ONLY'));
  });

  it('revoking does not need a company-domain email', () => {
    expect(decide('systemAdmin.revoke', sys({ targetEmail: 'hanako@gmail.com' }))).toEqual({ allowed: true });
  });

  it('a non-admin with a company email still may not grant', () => {
    expect(decide('systemAdmin.grant', subjectFor('orgAdmin'))).toEqual(denied('FORBIDDEN'));
  });
});

describe('invitations: the invitee', () => {
  const invitee = (extra: Partial<PermissionSubject> = {}) => subjectFor('outsider', { targetEmail: 'ME@corp.example.jp ', ...extra });

  it('may read and cancel their own invitation without belonging to the organization', () => {
    expect(decide('invitation.read', invitee())).toEqual({ allowed: true });
    expect(decide('invitation.cancel', invitee())).toEqual({ allowed: true });
  });

  it('may not list the organization invitations', () => {
    expect(decide('invitation.list', invitee())).toEqual(denied('FORBIDDEN'));
  });

  it('an organization member who is not the invitee may cancel but not read', () => {
    expect(can('invitation.cancel', subjectFor('orgMember'))).toBe(true);
    expect(can('invitation.read', subjectFor('orgMember'))).toBe(false);
  });

  it('no target email never matches', () => {
    expect(can('invitation.read', invitee({ targetEmail: undefined }))).toBe(false);
    expect(can('invitation.read', subjectFor('outsider', { operator: { ...me, email: '' }, targetEmail: '' }))).toBe(false);
  });
});

describe('an organization that requires single sign-on (docs/product-rules.md#single-sign-on)', () => {
  const domain = me.email.slice(me.email.lastIndexOf('@') + 1);
  const requiring = { organizationSso: { organizationId: 'o1234567', domains: [domain] } };
  const INSIDERS: Caller[] = ['systemAdmin', 'orgAdmin', 'orgMember', 'projectAdmin', 'projectMember', 'customRole'];

  it('refuses every question of an insider on its domain signed in without its connection with SSO_REQUIRED', () => {
    for (const caller of INSIDERS) {
      for (const action of ALL_ACTIONS) expect(decide(action, subjectFor(caller, requiring))).toEqual({ allowed: false, reason: 'SSO_REQUIRED' });
    }
  });

  it("decides as without the requirement for a sign-in through the organization's connection, not another's", () => {
    for (const caller of INSIDERS) {
      const base = subjectFor(caller);
      const through = base.operator && { ...base.operator, ssoOrganizationId: 'o1234567' };
      const elsewhere = base.operator && { ...base.operator, ssoOrganizationId: 'o7654321' };
      for (const action of ALL_ACTIONS) {
        expect(decide(action, { ...base, operator: through, ...requiring })).toEqual(decide(action, { ...base, operator: through }));
        expect(decide(action, { ...base, operator: elsewhere, ...requiring })).toEqual({ allowed: false, reason: 'SSO_REQUIRED' });
      }
    }
  });

  it("meets the organization's second-factor requirement with a sign-in through its own connection only", () => {
    const sso = { ...CALLERS.orgMember, organizationRequiresSecondFactor: true, organizationSso: { organizationId: 'o1234567', domains: [] } };
    const operator = CALLERS.orgMember.operator;
    expect(decide('organization.view', { ...sso, operator: operator && { ...operator, ssoOrganizationId: 'o1234567' } })).toEqual({ allowed: true });
    expect(decide('organization.view', { ...sso, operator: operator && { ...operator, ssoOrganizationId: 'o7654321' } })).toEqual({
      allowed: false,
      reason: 'MFA_REQUIRED',
    });
  });

  it('an admin on its domain requires it only from a sign-in through its connection (no self-lockout)', () => {
    const requiresSso = { organizationId: 'o1234567', domains: [domain] };
    const through = { ...me, ssoOrganizationId: 'o1234567' };
    expect(decide('organization.manageSso', { operator: me, organizationRoleKey: 'admin', requiresSso })).toEqual({
      allowed: false,
      reason: 'SSO_SELF_LOCKOUT',
    });
    expect(decide('organization.manageSso', { operator: { ...me, ssoOrganizationId: 'o7654321' }, organizationRoleKey: 'admin', requiresSso })).toEqual({
      allowed: false,
      reason: 'SSO_SELF_LOCKOUT',
    });
    expect(decide('organization.manageSso', { operator: through, organizationRoleKey: 'admin', requiresSso })).toEqual({ allowed: true });
    // An admin whose address is on another domain, or a save that does not require SSO, is not at risk.
    expect(
      decide('organization.manageSso', { operator: me, organizationRoleKey: 'admin', requiresSso: { ...requiresSso, domains: ['other.example'] } }),
    ).toEqual({
      allowed: true,
    });
    expect(decide('organization.manageSso', { operator: me, organizationRoleKey: 'admin' })).toEqual({ allowed: true });
    expect(decide('organization.manageSso', { operator: through, organizationRoleKey: 'member', requiresSso })).toEqual({
      allowed: false,
      reason: 'FORBIDDEN',
    });
  });

  it('leaves addresses on other domains, outsiders and organizations without the requirement to the other rules', () => {
    const otherDomain = { organizationSso: { organizationId: 'o1234567', domains: ['other.example'] } };
    const none = { organizationSso: { organizationId: 'o1234567', domains: [] } };
    for (const action of ALL_ACTIONS) {
      expect(decide(action, subjectFor('orgMember', otherDomain))).toEqual(decide(action, subjectFor('orgMember')));
      expect(decide(action, subjectFor('orgMember', none))).toEqual(decide(action, subjectFor('orgMember')));
      expect(decide(action, subjectFor('outsider', requiring))).toEqual(decide(action, subjectFor('outsider')));
    }
  });
});

describe('an organization that requires a second factor (docs/product-rules.md#multi-factor-authentication)', () => {
  const withFactor: Operator = { ...me, secondFactor: true };
  const requiring = { organizationRequiresSecondFactor: true };
  const INSIDERS: Caller[] = ['systemAdmin', 'orgAdmin', 'orgMember', 'projectAdmin', 'projectMember', 'customRole'];

  it('refuses every question of an insider signed in without a second factor with MFA_REQUIRED', () => {
    for (const caller of INSIDERS) {
      for (const action of ALL_ACTIONS) expect(decide(action, subjectFor(caller, requiring))).toEqual({ allowed: false, reason: 'MFA_REQUIRED' });
    }
  });

  it('decides as without the requirement for a sign-in with a second factor', () => {
    for (const caller of INSIDERS) {
      const base = subjectFor(caller);
      const operator = base.operator && { ...base.operator, secondFactor: true };
      for (const action of ALL_ACTIONS) {
        expect(decide(action, { ...base, operator, ...requiring })).toEqual(decide(action, { ...base, operator }));
      }
    }
  });

  it('tells outsiders nothing: their answers are the same with and without the requirement', () => {
    for (const action of ALL_ACTIONS) expect(decide(action, subjectFor('outsider', requiring))).toEqual(decide(action, subjectFor('outsider')));
    expect(decide('invitation.read', { operator: me, targetEmail: me.email, ...requiring })).toEqual({ allowed: true });
  });

  it('an organization without the requirement does not ask for a second factor', () => {
    expect(decide('organization.view', { ...CALLERS.orgMember, organizationRequiresSecondFactor: false })).toEqual({ allowed: true });
  });

  it('an admin requires a second factor only from a sign-in with one (no self-lockout)', () => {
    expect(decide('organization.manageSecurity', { operator: me, organizationRoleKey: 'admin', requiresSecondFactor: true })).toEqual({
      allowed: false,
      reason: 'MFA_SELF_LOCKOUT',
    });
    expect(decide('organization.manageSecurity', { operator: withFactor, organizationRoleKey: 'admin', requiresSecondFactor: true })).toEqual({
      allowed: true,
    });
    expect(decide('organization.manageSecurity', { operator: me, organizationRoleKey: 'admin', requiresSecondFactor: false })).toEqual({ allowed: true });
    expect(decide('organization.manageSecurity', { operator: withFactor, organizationRoleKey: 'member', requiresSecondFactor: true })).toEqual({
      allowed: false,
      reason: 'FORBIDDEN',
    });
  });
});

describe('membership edge cases', () => {
  it('an empty role key is not a membership', () => {
    expect(can('organization.view', { operator: me, organizationRoleKey: '' })).toBe(false);
    expect(can('project.view', { operator: me, organizationRoleKey: null, projectRoleKey: '' })).toBe(false);
  });

  it('a project role alone (no organization role given) counts for viewing', () => {
    expect(can('project.view', { operator: me, projectRoleKey: 'member' })).toBe(true);
    expect(can('project.listMembers', { operator: me, projectRoleKey: 'member' })).toBe(true);
    expect(can('project.update', { operator: me, projectRoleKey: 'member' })).toBe(false);
  });

  it('role keys are case-sensitive: only exactly "admin" is admin', () => {
    expect(can('organization.update', { operator: me, organizationRoleKey: 'Admin' })).toBe(false);
  });

  it('isSystemAdmin must be exactly true', () => {
    const truthy = { ...me, isSystemAdmin: 'yes' as unknown as boolean };
    expect(can('systemAdmin.access', { operator: truthy })).toBe(false);
  });

  it('denies an unknown action at runtime (deny by default)', () => {
    expect(decide('nope.unknown' as Action, subjectFor('systemAdmin'))).toEqual(denied('FORBIDDEN'));
  });
});

// ---- properties ------------------------------------------------------------------------------

const actionArb = fc.constantFrom(...ALL_ACTIONS);
const roleKeyArb = fc.option(fc.constantFrom('admin', 'member', 'supervisor', 'custom', ''), { nil: undefined });
const subjectArb = fc.record({
  operator: fc.record({
    id: fc.constantFrom(me.id, other.id, 'third00001'),
    email: fc.constantFrom(me.email, other.email, 'x@gmail.com'),
    isSystemAdmin: fc.boolean(),
  }),
  organizationRoleKey: roleKeyArb,
  projectRoleKey: roleKeyArb,
  targetAccountId: fc.option(fc.constantFrom(me.id, other.id), { nil: undefined }),
  targetEmail: fc.option(fc.constantFrom(me.email, other.email, 'x@gmail.com', 'ME@CORP.EXAMPLE.JP'), { nil: undefined }),
  invitedById: fc.option(fc.constantFrom(me.id, other.id), { nil: undefined }),
  companyDomain: fc.option(fc.constant(COMPANY_DOMAIN), { nil: undefined }),
  invitedOrganizationRoleKey: roleKeyArb,
});

describe('permission properties', () => {
  it('decide and can always agree', () => {
    fc.assert(
      fc.property(actionArb, subjectArb, (action, subject) => {
        expect(can(action, subject)).toBe(decide(action, subject).allowed);
      }),
    );
  });

  it('without an operator everything is UNAUTHENTICATED', () => {
    fc.assert(
      fc.property(actionArb, subjectArb, (action, subject) => {
        expect(decide(action, { ...subject, operator: null })).toEqual(denied('UNAUTHENTICATED'));
        expect(decide(action, { ...subject, operator: undefined })).toEqual(denied('UNAUTHENTICATED'));
      }),
    );
  });

  it('nobody changes their own role or removes themselves', () => {
    const selfActions = fc.constantFrom<Action>(
      'organization.assignRole',
      'project.assignRole',
      'organization.removeMember',
      'project.removeMember',
      'organization.invite',
      'project.invite',
    );
    fc.assert(
      fc.property(selfActions, subjectArb, (action, subject) => {
        expect(can(action, { ...subject, targetAccountId: subject.operator.id })).toBe(false);
      }),
    );
  });

  it('nobody invites their own address or accepts an invitation they sent', () => {
    const invites = fc.constantFrom<Action>('organization.invite', 'project.invite');
    fc.assert(
      fc.property(invites, subjectArb, (action, subject) => {
        expect(can(action, { ...subject, targetEmail: subject.operator.email.toUpperCase() })).toBe(false);
        expect(can('invitation.accept', { ...subject, invitedById: subject.operator.id })).toBe(false);
      }),
    );
  });

  it('nobody changes their own system-admin flag', () => {
    const toggles = fc.constantFrom<Action>('systemAdmin.grant', 'systemAdmin.revoke');
    fc.assert(
      fc.property(toggles, subjectArb, (action, subject) => {
        expect(can(action, { ...subject, targetAccountId: subject.operator.id })).toBe(false);
        expect(can(action, { ...subject, targetEmail: subject.operator.email.toUpperCase() })).toBe(false);
      }),
    );
  });

  it('a system admin may do everything not aimed at themselves (granting: to company accounts)', () => {
    fc.assert(
      fc.property(actionArb, subjectArb, (action, subject) => {
        const s: PermissionSubject = {
          ...subject,
          operator: { id: me.id, email: me.email, isSystemAdmin: true },
          targetAccountId: other.id,
          targetEmail: other.email,
          invitedById: other.id,
          companyDomain: COMPANY_DOMAIN,
        };
        expect(decide(action, s)).toEqual({ allowed: true });
      }),
    );
  });

  it('a non-admin without any role may only do the own-data actions (and read/cancel own invitations)', () => {
    const open = new Set<Action>(['account.manageOwn', 'organization.listOwn', 'project.listOwn', 'invitation.accept']);
    fc.assert(
      fc.property(actionArb, subjectArb, (action, subject) => {
        const s: PermissionSubject = {
          ...subject,
          operator: { ...subject.operator, isSystemAdmin: false },
          organizationRoleKey: undefined,
          projectRoleKey: undefined,
          targetEmail: other.email === subject.operator.email ? 'x@gmail.com' : other.email,
          invitedById: subject.operator.id === other.id ? me.id : other.id,
        };
        expect(can(action, s)).toBe(open.has(action));
      }),
    );
  });

  it('gaining the admin role never removes a permission (monotonic)', () => {
    fc.assert(
      fc.property(actionArb, subjectArb, (action, subject) => {
        const orgAdmin = { ...subject, organizationRoleKey: 'admin' };
        if (can(action, subject)) expect(can(action, orgAdmin)).toBe(true);
        const sysAdmin = { ...subject, operator: { ...subject.operator, isSystemAdmin: true } };
        if (can(action, subject)) expect(can(action, sysAdmin)).toBe(true);
      }),
    );
  });
});
