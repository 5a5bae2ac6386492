import { normalizePhoneNumber } from '../src';

describe('SMS second factors: phone numbers (docs/product-rules.md#multi-factor-authentication)', () => {
  it.each([
    ['090-1234-5678', '+819012345678'],
    ['09012345678', '+819012345678'],
    [' 080 1234 5678 ', '+818012345678'],
    ['03-1234-5678', '+81312345678'],
    ['(03) 1234-5678', '+81312345678'],
    ['+81 90-1234-5678', '+819012345678'],
    ['+1 650-555-3434', '+16505553434'],
    ['+16505553434', '+16505553434'],
  ])('%s is %s', (input, expected) => {
    expect(normalizePhoneNumber(input)).toBe(expected);
  });

  it.each(['', '1234', '090-1234', '0-1234-5678', '+0123456789', '+81 90 1234 5678 9012 3', 'abc', '090-1234-567a', '0090-1234-5678'])(
    'refuses %j',
    (input) => {
      expect(normalizePhoneNumber(input)).toBeNull();
    },
  );
});
