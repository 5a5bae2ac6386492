// Each test file leaves no webhook endpoint behind it. The files run one after another on one
// database, and an endpoint left there (the authorization matrix creates one to
// https://knowledge.example.jp for every event type) would get a delivery of each change the later
// files make, retried for hours: those jobs would come before the deliveries a later file waits
// for, and a delivery given up on is logged as an error by every instance that takes its job. The
// endpoints go with their deliveries; a job whose delivery is gone ends at once, unlogged.
import { Client } from 'pg';

afterAll(async () => {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DO $$ BEGIN
      IF to_regclass('webhook_endpoints') IS NOT NULL THEN DELETE FROM webhook_endpoints; END IF;
    END $$`);
  } finally {
    await client.end();
  }
});
