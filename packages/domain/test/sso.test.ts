import { isSsoClaim, ssoCompletionUrl } from '../src/sso';

describe('single sign-on', () => {
  it('an SSO claim names the organization, the connection and a known protocol', () => {
    expect(isSsoClaim({ organizationId: 'o1P2q3R4', connectionId: 'c1D2e3F4g5H6', protocol: 'oidc' })).toBe(true);
    expect(isSsoClaim({ organizationId: 'o1P2q3R4', connectionId: 'c1D2e3F4g5H6', protocol: 'saml' })).toBe(true);
    expect(isSsoClaim({ organizationId: 'o1P2q3R4', connectionId: 'c1D2e3F4g5H6', protocol: 'ldap' })).toBe(false);
    expect(isSsoClaim({ organizationId: 'o1P2q3R4', protocol: 'oidc' })).toBe(false);
    expect(isSsoClaim({ organizationId: 1, connectionId: 'c1D2e3F4g5H6', protocol: 'oidc' })).toBe(false);
    expect(isSsoClaim(null)).toBe(false);
    expect(isSsoClaim('oidc')).toBe(false);
  });

  it('the completion URL is the app page with the fields encoded in its fragment', () => {
    const url = ssoCompletionUrl('https://console.example.jp/', { code: 'a b&c', error: 'SSO_WRONG_ISSUER' });
    const [page, fragment] = url.split('#');
    expect(page).toMatch(/^https:\/\/console\.example\.jp\/([^/?#]+\/)*sso$/);
    expect(fragment).toBe('code=a%20b%26c&error=SSO_WRONG_ISSUER');
  });
});
