import {
  assertJoinRequestPending,
  assertMayRequestJoin,
  DomainError,
  emailDomain,
  JOIN_MODES,
  joinOption,
  joinPolicyMembership,
  normalizeJoinPolicy,
  type JoinDomain,
  type JoinOption,
} from '../src';

const errorCodeOf = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.errorCode : 'not a DomainError';
  }
};

describe('join policies (docs/product-rules.md#auto-join)', () => {
  const OFF = { mode: 'off', roleId: null, projects: [] };

  it('has the modes off, automatic and request', () => {
    expect(JOIN_MODES).toEqual(['off', 'automatic', 'request']);
  });

  it('forgets the roles of a policy turned off', () => {
    expect(normalizeJoinPolicy({ mode: 'off', roleId: 'role000001', projects: [{ projectId: 'proj0001', roleId: 'role000002' }] })).toEqual(OFF);
  });

  it.each(['automatic', 'request'] as const)('needs the organization role in %s mode and keeps each project once', (mode) => {
    expect(errorCodeOf(() => normalizeJoinPolicy({ mode, roleId: null, projects: [] }))).toBe('VALIDATION_FAILED');
    expect(errorCodeOf(() => normalizeJoinPolicy({ mode, roleId: '', projects: [] }))).toBe('VALIDATION_FAILED');
    expect(
      normalizeJoinPolicy({
        mode,
        roleId: 'role000001',
        projects: [
          { projectId: 'proj0001', roleId: 'role000002' },
          { projectId: 'proj0001', roleId: 'role000003' },
        ],
      }),
    ).toEqual({ mode, roleId: 'role000001', projects: [{ projectId: 'proj0001', roleId: 'role000002' }] });
  });

  it('gives the membership of a policy that is not off', () => {
    expect(joinPolicyMembership('org00001', { mode: 'off', roleId: null, projects: [] })).toBeNull();
    const projects = [{ projectId: 'proj0001', roleId: 'role000002' }];
    const membership = joinPolicyMembership('org00001', { mode: 'automatic', roleId: 'role000001', projects });
    expect(membership).toEqual({ organizationId: 'org00001', roleId: 'role000001', projects });
    expect(membership?.projects).not.toBe(projects);
  });

  it.each([
    ['a@example.jp', 'example.jp'],
    ['A.B@Example.JP', 'example.jp'],
    ['odd@name@sub.example.jp', 'sub.example.jp'],
    ['no-at-sign', ''],
  ])('reads the domain of %s as %s', (email, domain) => {
    expect(emailDomain(email)).toBe(domain);
  });

  describe('joinOption', () => {
    const domain = (overrides: Partial<JoinDomain> = {}): JoinDomain => ({ domain: 'example.jp', state: 'verified', joinMode: 'automatic', ...overrides });
    const person = { email: 'taro@example.jp', emailVerified: true, alreadyMember: false };

    it('joins with a verified address on a verified domain in automatic mode, requests in request mode', () => {
      expect(joinOption(person, domain())).toBe('join');
      expect(joinOption(person, domain({ joinMode: 'request' }))).toBe('request');
    });

    it('asks for the address to be verified first', () => {
      expect(joinOption({ ...person, emailVerified: false }, domain())).toBe('verifyEmail');
      expect(joinOption({ ...person, emailVerified: false }, domain({ joinMode: 'request' }))).toBe('verifyEmail');
    });

    it.each([
      ['a pending domain', { state: 'pending' as const }],
      ['a domain no longer verified', { state: 'failed' as const }],
      ['a policy turned off', { joinMode: 'off' as const }],
      ['another domain', { domain: 'example.com' }],
      ['a parent domain of the address', { domain: 'jp' }],
    ])('offers nothing for %s', (_what, overrides) => {
      expect(joinOption(person, domain(overrides))).toBe('none');
    });

    it('offers nothing under a subdomain of the address, nor to a member', () => {
      expect(joinOption({ ...person, email: 'taro@sub.example.jp' }, domain())).toBe('none');
      expect(joinOption({ ...person, alreadyMember: true }, domain())).toBe('none');
    });
  });

  it.each<[boolean, JoinOption[], string | undefined]>([
    [false, ['request'], undefined],
    [false, ['none', 'request'], undefined],
    [true, ['request'], 'ALREADY_ORGANIZATION_MEMBER'],
    [false, ['verifyEmail'], 'JOIN_EMAIL_NOT_VERIFIED'],
    [false, ['join'], 'JOIN_NOT_AVAILABLE'],
    [false, ['none'], 'JOIN_NOT_AVAILABLE'],
    [false, [], 'JOIN_NOT_AVAILABLE'],
  ])('a member: %s, options %j → %s', (alreadyMember, options, code) => {
    expect(errorCodeOf(() => assertMayRequestJoin(alreadyMember, options))).toBe(code);
  });

  it('approves or declines only a pending request', () => {
    expect(errorCodeOf(() => assertJoinRequestPending('pending'))).toBeUndefined();
    expect(errorCodeOf(() => assertJoinRequestPending('approved'))).toBe('JOIN_REQUEST_NOT_PENDING');
    expect(errorCodeOf(() => assertJoinRequestPending('declined'))).toBe('JOIN_REQUEST_NOT_PENDING');
  });
});
