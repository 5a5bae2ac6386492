import fc from 'fast-check';
import { isoTime, isoTimeOrNull } from '../src/common/http/iso-time';

describe('times written by isoTime (common/http/iso-time.ts)', () => {
  it("are toISOString's text for any time a Date holds", () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (time) => {
        const date = new Date(time);
        expect(isoTime(date)).toBe(date.toISOString());
      }),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1000, 0, 1) - 1, max: Date.UTC(10_000, 0, 1) }), (time) => {
        const date = new Date(time);
        expect(isoTime(date)).toBe(date.toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it('are right at the edges of days, months, leap years and the four-digit years', () => {
    const edges = [
      '1000-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '1900-02-28T23:59:59.999Z',
      '1900-03-01T00:00:00.000Z',
      '2000-02-29T12:00:00.000Z',
      '2024-02-29T23:59:59.999Z',
      '2100-03-01T00:00:00.001Z',
      '2026-12-06T05:16:00.123Z',
      '9999-12-31T23:59:59.999Z',
    ];
    for (const text of edges) expect(isoTime(new Date(text))).toBe(text);
    expect(isoTime(new Date(Date.UTC(10_000, 0, 1)))).toBe('+010000-01-01T00:00:00.000Z');
    expect(isoTime(new Date(Date.UTC(999, 11, 31, 23, 59, 59, 999)))).toBe('0999-12-31T23:59:59.999Z');
  });

  it('throw for an invalid date as toISOString does, and give null for no time', () => {
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(isoTimeOrNull(null)).toBeNull();
    expect(isoTimeOrNull(undefined)).toBeNull();
    expect(isoTimeOrNull(new Date('2026-12-06T05:16:00.123Z'))).toBe('2026-12-06T05:16:00.123Z');
  });
});
