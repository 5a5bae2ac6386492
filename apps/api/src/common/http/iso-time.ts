const DAY_MS = 86_400_000;
/** The times whose year has four digits (1000–9999), which {@link isoTime} writes itself. */
const FIRST = Date.UTC(1000, 0, 1);
const END = Date.UTC(10_000, 0, 1);

const twoDigits = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const threeDigits = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** `YYYY-MM-DD` of the day `days` after 1970-01-01 (the proleptic Gregorian calendar; H. Hinnant's civil_from_days). */
function civilDate(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return `${yearOfEra + era * 400 + (month <= 2 ? 1 : 0)}-${twoDigits(month)}-${twoDigits(day)}`;
}

/**
 * A time as the API's answers write it: the text of Date.prototype.toISOString
 * (`2026-12-06T05:16:00.123Z`), computed from the time value for a four-digit year, which is about
 * half of toISOString's cost here (0.25 against 0.68 µs; a page of 50 accounts writes 100 times);
 * any other time (other years, an invalid date, which throws) by toISOString itself.
 */
export function isoTime(date: Date): string {
  const time = date.getTime();
  if (!(time >= FIRST && time < END)) return date.toISOString();
  const days = Math.floor(time / DAY_MS);
  const ms = time - days * DAY_MS;
  return `${civilDate(days)}T${twoDigits(Math.floor(ms / 3_600_000))}:${twoDigits(Math.floor(ms / 60_000) % 60)}:${twoDigits(Math.floor(ms / 1000) % 60)}.${threeDigits(ms % 1000)}Z`;
}

/** {@link isoTime}, or null for no time. */
export function isoTimeOrNull(date: Date | null | undefined): string | null {
  return date === null || date === undefined ? null : isoTime(date);
}
