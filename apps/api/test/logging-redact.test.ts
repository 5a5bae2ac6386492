import { redactPersonalData } from '../src/common/logging/redact';

describe('redaction of what leaves the process', () => {
  const idToken = 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJlbWFpbCI6ImFAYi5jbyJ9.';

  it('replaces e-mail addresses, tokens and credentials', () => {
    expect(redactPersonalData('Mailbox unavailable: Taro.Yamada+x@mail.example.co.jp (550)')).toBe('Mailbox unavailable: [email] (550)');
    expect(redactPersonalData(`token ${idToken} refused`)).toBe('token [token] refused');
    expect(redactPersonalData('authorization: Bearer abc.def-123')).toBe('authorization: Bearer [token]');
    expect(redactPersonalData('Basic dXNlcjpwYXNz')).toBe('Basic [token]');
  });

  it('keeps a JSON line valid JSON, escapes included', () => {
    const line = JSON.stringify({ msg: 'first line\nsecond@example.com\tthird "quoted@example.com"', token: idToken });
    const redacted = redactPersonalData(line);
    expect(JSON.parse(redacted)).toEqual({ msg: 'first line\n[email]\tthird "[email]"', token: '[token]' });
  });

  it('leaves text without them as it is', () => {
    const line = '{"level":30,"msg":"request completed","req":{"method":"POST","url":"/account/get"},"pkg":"pg@8.23.1"}';
    expect(redactPersonalData(line)).toBe(line);
  });
});
