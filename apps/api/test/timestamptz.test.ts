import { Client, types } from 'pg';
import { DataSource } from 'typeorm';
import { driverPool } from '../src/database/driver-pool';
import { POOL_TYPES, parseTimestamptz } from '../src/database/timestamptz';
import { startApi, type TestApi } from './support/harness';

const pgReading = types.getTypeParser(types.builtins.TIMESTAMPTZ, 'text') as (text: string) => Date | number | null;

/** Offsets of whole hours, half and three-quarter hours, negative ones, and a local mean time with seconds (Amsterdam before 1937). */
const TIME_ZONES = ['UTC', 'Asia/Tokyo', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'America/Los_Angeles', 'Europe/Amsterdam'];

/** Values of every shape Postgres writes: random instants to the microsecond, whole seconds, the ends of the range pg reads, infinity. */
const VALUES = `SELECT v::text AS text, floor(extract(epoch FROM v) * 1000)::float8 AS epoch_ms, isfinite(v) AND v >= '1000-01-01 00:00:00+00' AS plain
  FROM (SELECT timestamptz '1970-01-01 00:00:00+00' + random() * interval '100 years' AS v FROM generate_series(1, 400)
        UNION ALL SELECT date_trunc('second', timestamptz '2000-01-01 00:00:00+00' + random() * interval '40 years') FROM generate_series(1, 50)
        UNION ALL SELECT unnest(ARRAY['1900-01-01 00:00:00 Europe/Amsterdam', '1937-06-30 23:59:59.999999 Europe/Amsterdam', '2026-11-28 22:01:47.5 Asia/Kolkata',
          '9999-12-31 23:59:59.999999+00', '1000-01-01 00:00:00+00', '0999-12-31 12:00:00+00', '0099-06-01 12:00:00+00', '0044-03-15 12:00:00+00 BC',
          'infinity', '-infinity']::timestamptz[])) AS t`;

/** A reading as a number (the time of a Date, NaN for an invalid one), so that two readings compare. */
const instant = (read: Date | number | null): number | null => (read instanceof Date ? read.getTime() : read);

interface Value {
  text: string;
  epoch_ms: number;
  plain: boolean;
}

describe('timestamptz values read by position (database/timestamptz.ts)', () => {
  let client: Client;

  beforeAll(async () => {
    client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
  });

  it.each(TIME_ZONES)('reads what Postgres writes in the time zone %s as the same instant as pg, and as Postgres counts it', async (zone) => {
    await client.query(`SET TIME ZONE '${zone}'`);
    const { rows } = await client.query<Value>(VALUES);
    expect(rows.length).toBe(460);
    for (const { text, epoch_ms, plain } of rows) {
      const read = parseTimestamptz(text);
      const expected = pgReading(text);
      if (read instanceof Date && expected instanceof Date) {
        expect({ text, time: read.getTime() }).toEqual({ text, time: expected.getTime() });
        if (plain) expect({ text, time: read.getTime() }).toEqual({ text, time: epoch_ms });
      } else {
        expect({ text, read }).toEqual({ text, read: expected });
      }
    }
  });

  it('leaves what is not a timestamp as Postgres writes it to pg', () => {
    for (const text of ['2026-11-28 22:01:47', '2026-11-28T22:01:47.123Z', '2026-1a-28 22:01:47+00', '2026-11-28 22:01:47+0x', 'infinity']) {
      expect({ text, read: instant(parseTimestamptz(text)) }).toEqual({ text, read: instant(pgReading(text)) });
    }
  });

  it("is the reading of the API's connection pool (and of nothing else in pg)", async () => {
    const api: TestApi = await startApi();
    try {
      expect(driverPool(api.app.get(DataSource))?.options.types).toBe(POOL_TYPES);
      expect(POOL_TYPES.getTypeParser(types.builtins.TIMESTAMPTZ, 'text')).toBe(parseTimestamptz);
      expect(POOL_TYPES.getTypeParser(types.builtins.TIMESTAMPTZ, 'binary')).toBe(types.getTypeParser(types.builtins.TIMESTAMPTZ, 'binary'));
      expect(POOL_TYPES.getTypeParser(types.builtins.INT8, 'text')).toBe(types.getTypeParser(types.builtins.INT8, 'text'));
      expect(types.getTypeParser(types.builtins.TIMESTAMPTZ, 'text')).toBe(pgReading);
      const rows = await api.app.get(DataSource).query<{ now: unknown }[]>('SELECT now() AS now');
      expect(rows[0]?.now).toBeInstanceOf(Date);
    } finally {
      await api.close();
    }
  });
});
