import fc from 'fast-check';
import { DomainError } from '../src/errors';
import {
  INVITATION_LIFETIME_SECONDS,
  assertCanAccept,
  assertInvitationMembershipValid,
  buildInvitationUrl,
  invitationExpiresAt,
  invitationStatus,
  inviteOutcome,
  isInviteEntryFailed,
  type AcceptCheck,
  type InvitationStatus,
  type InvitationTargetOrganization,
} from '../src/invitations';
import type { Membership } from '../src/memberships';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof DomainError ? e.errorCode : 'not a DomainError';
  }
  return undefined;
}

const createdAt = '2025-01-01T00:00:00.000Z';
const created = new Date(createdAt);
const at = (ms: number) => new Date(created.getTime() + ms);
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

describe('lifetime', () => {
  it('is 7 days', () => {
    expect(INVITATION_LIFETIME_SECONDS).toBe(604800);
    expect(INVITATION_LIFETIME_SECONDS * 1000).toBe(WEEK_MS);
  });

  it('expires at createdAt + expiredIn seconds (string or Date)', () => {
    expect(invitationExpiresAt({ createdAt, expiredIn: INVITATION_LIFETIME_SECONDS }).toISOString()).toBe('2025-01-08T00:00:00.000Z');
    expect(invitationExpiresAt({ createdAt: created, expiredIn: 60 }).toISOString()).toBe('2025-01-01T00:01:00.000Z');
  });
});

describe('invitationStatus', () => {
  const inv = { createdAt, expiredIn: INVITATION_LIFETIME_SECONDS };

  it.each<[string, Date, InvitationStatus]>([
    ['at creation', created, 'pending'],
    ['one ms before expiry', at(WEEK_MS - 1), 'pending'],
    ['exactly at expiry', at(WEEK_MS), 'pending'],
    ['one ms after expiry', at(WEEK_MS + 1), 'expired'],
    ['a year later', at(365 * 24 * 3600 * 1000), 'expired'],
  ])('%s → %s', (_label, now, status) => {
    expect(invitationStatus(inv, now)).toBe(status);
  });

  it('accepted and cancelled win over time', () => {
    expect(invitationStatus({ ...inv, acceptedAt: created }, at(WEEK_MS * 2))).toBe('accepted');
    expect(invitationStatus({ ...inv, cancelledAt: createdAt }, created)).toBe('cancelled');
    expect(invitationStatus({ ...inv, acceptedAt: createdAt, cancelledAt: createdAt }, created)).toBe('accepted');
    expect(invitationStatus({ ...inv, acceptedAt: null, cancelledAt: null }, created)).toBe('pending');
  });

  it('an unparsable createdAt counts as expired (fail closed)', () => {
    expect(invitationStatus({ createdAt: 'not a date', expiredIn: 60 }, created)).toBe('expired');
  });

  it('property: pending exactly while now <= createdAt + expiredIn', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * INVITATION_LIFETIME_SECONDS }), fc.integer({ min: -WEEK_MS, max: 20 * WEEK_MS }), (expiredIn, offset) => {
        const status = invitationStatus({ createdAt: created, expiredIn }, at(offset));
        expect(status).toBe(offset <= expiredIn * 1000 ? 'pending' : 'expired');
      }),
    );
  });
});

describe('assertInvitationMembershipValid', () => {
  const org: InvitationTargetOrganization = {
    id: 'org00001',
    roleIds: ['orgRoleAd1', 'orgRoleMe1'],
    projects: [
      { id: 'prj00001', roleIds: ['prjRoleAd1', 'prjRoleMe1'] },
      { id: 'prj00002', roleIds: ['prjRoleAd2'] },
    ],
  };
  const valid: Membership = {
    organizationId: 'org00001',
    roleId: 'orgRoleMe1',
    projects: [
      { projectId: 'prj00001', roleId: 'prjRoleMe1' },
      { projectId: 'prj00002', roleId: 'prjRoleAd2' },
    ],
  };

  it('accepts a valid membership, including one with no projects', () => {
    expect(codeOf(() => assertInvitationMembershipValid(valid, org))).toBeUndefined();
    expect(codeOf(() => assertInvitationMembershipValid({ ...valid, projects: [] }, org))).toBeUndefined();
  });

  it.each<[string, Membership, string]>([
    ['another organization', { ...valid, organizationId: 'org00002' }, 'ORGANIZATION_MISMATCH'],
    ['an organization role of another organization', { ...valid, roleId: 'foreignRole' }, 'ROLE_NOT_FOUND'],
    ['a project outside the organization', { ...valid, projects: [{ projectId: 'prj99999', roleId: 'prjRoleAd1' }] }, 'PROJECT_NOT_IN_ORGANIZATION'],
    ['a role of another project', { ...valid, projects: [{ projectId: 'prj00002', roleId: 'prjRoleAd1' }] }, 'ROLE_NOT_FOUND'],
    ['an organization role used as project role', { ...valid, projects: [{ projectId: 'prj00001', roleId: 'orgRoleAd1' }] }, 'ROLE_NOT_FOUND'],
  ])('rejects %s', (_label, membership, code) => {
    expect(codeOf(() => assertInvitationMembershipValid(membership, org))).toBe(code);
  });

  it("uses the spec message 'Role not found'", () => {
    expect(() => assertInvitationMembershipValid({ ...valid, roleId: 'x' }, org)).toThrow('Role not found');
  });
});

describe('buildInvitationUrl', () => {
  it.each([
    ['https://app.example.jp', 'https://app.example.jp/auth/invitations/abc?page=sign-up'],
    ['https://app.example.jp/', 'https://app.example.jp/auth/invitations/abc?page=sign-up'],
    ['https://app.example.jp//', 'https://app.example.jp/auth/invitations/abc?page=sign-up'],
    ['http://localhost:5173', 'http://localhost:5173/auth/invitations/abc?page=sign-up'],
  ])('%s → %s', (origin, url) => {
    expect(buildInvitationUrl(origin, 'abc')).toBe(url);
  });

  it('encodes an id that is not url-safe', () => {
    expect(buildInvitationUrl('https://a.jp', 'a/b?c')).toBe('https://a.jp/auth/invitations/a%2Fb%3Fc?page=sign-up');
  });
});

describe('assertCanAccept', () => {
  const ok: AcceptCheck = { accountEmail: 'taro@example.jp', invitationEmail: 'taro@example.jp', alreadyMember: false, status: 'pending' };

  it('accepts a pending invitation for the invited, not-yet-member account', () => {
    expect(codeOf(() => assertCanAccept(ok))).toBeUndefined();
    expect(codeOf(() => assertCanAccept({ ...ok, accountEmail: 'Taro@Example.JP' }))).toBeUndefined();
  });

  it.each<[string, Partial<AcceptCheck>, string]>([
    ['expired', { status: 'expired' }, 'INVITATION_INVALID'],
    ['accepted', { status: 'accepted' }, 'INVITATION_INVALID'],
    ['cancelled', { status: 'cancelled' }, 'INVITATION_INVALID'],
    ['another email', { accountEmail: 'hanako@example.jp' }, 'EMAIL_MISMATCH'],
    ['already a member', { alreadyMember: true }, 'ALREADY_ORGANIZATION_MEMBER'],
    ['invalid beats mismatch', { status: 'expired', accountEmail: 'x@y.z' }, 'INVITATION_INVALID'],
    ['mismatch beats membership', { accountEmail: 'x@y.z', alreadyMember: true }, 'EMAIL_MISMATCH'],
  ])('rejects %s', (_label, patch, code) => {
    expect(codeOf(() => assertCanAccept({ ...ok, ...patch }))).toBe(code);
  });

  it('shows 招待が無効です for an invalid invitation', () => {
    expect(() => assertCanAccept({ ...ok, status: 'expired' })).toThrow('招待が無効です');
  });
});

describe('invite outcome', () => {
  const success = { email: 'a@b.c', invitation: { id: 'x' }, account: null };
  const existing = { email: 'a@b.c', invitation: null, account: { id: 'y' } };
  const failed = { email: 'a@b.c', invitation: null, account: null };

  it('an entry without invitation and account is failed', () => {
    expect(isInviteEntryFailed(failed)).toBe(true);
    expect(isInviteEntryFailed({ email: 'a@b.c', invitation: undefined, account: undefined })).toBe(true);
    expect(isInviteEntryFailed(success)).toBe(false);
    expect(isInviteEntryFailed(existing)).toBe(false);
  });

  it('classifies success, partial failure and failure', () => {
    expect(inviteOutcome([success, existing])).toBe('success');
    expect(inviteOutcome([success, failed])).toBe('partialFailure');
    expect(inviteOutcome([failed, failed])).toBe('failure');
    expect(inviteOutcome([])).toBe('failure');
  });
});
