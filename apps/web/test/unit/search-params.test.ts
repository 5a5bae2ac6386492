import { parseAuthSearch, parseInvitationParam, parseOobCodeParam, parsePageParam, parseViewParam } from '@/lib/search-params';

describe('search params', () => {
  it('accepts only 21-character alphanumeric invitation ids', () => {
    expect(parseInvitationParam('abcdefghij0123456789A')).toBe('abcdefghij0123456789A');
    expect(parseInvitationParam('short')).toBeUndefined();
    expect(parseInvitationParam('abcdefghij0123456789-')).toBeUndefined();
    expect(parseInvitationParam(null)).toBeUndefined();
  });

  it('accepts page login or sign-up only', () => {
    expect(parsePageParam('sign-up')).toBe('sign-up');
    expect(parsePageParam('login')).toBe('login');
    expect(parsePageParam('admin')).toBeUndefined();
    expect(parsePageParam(null)).toBeUndefined();
  });

  it('validates oobCode as an opaque URL-safe token', () => {
    expect(parseOobCodeParam('AbC-_123')).toBe('AbC-_123');
    expect(parseOobCodeParam('')).toBeUndefined();
    expect(parseOobCodeParam('<script>')).toBeUndefined();
  });

  it('defaults view to general and keeps the five known views', () => {
    expect(parseViewParam(null)).toBe('general');
    expect(parseViewParam('bogus')).toBe('general');
    for (const view of ['general', 'members', 'roles', 'productUsageSettings', 'karteMapping']) expect(parseViewParam(view)).toBe(view);
  });

  it('parses the sign-in search values together', () => {
    expect(parseAuthSearch(new URLSearchParams('invitation=abcdefghij0123456789A&page=sign-up'))).toEqual({
      invitation: 'abcdefghij0123456789A',
      page: 'sign-up',
      ssoRequired: false,
      email: undefined,
    });
    expect(parseAuthSearch(new URLSearchParams('sso=required&email=taro%40example.co.jp'))).toEqual({
      invitation: undefined,
      page: undefined,
      ssoRequired: true,
      email: 'taro@example.co.jp',
    });
    expect(parseAuthSearch(new URLSearchParams(`invitation=x&page=y&sso=maybe&email=${'a'.repeat(255)}`))).toEqual({
      invitation: undefined,
      page: undefined,
      ssoRequired: false,
      email: undefined,
    });
  });
});
