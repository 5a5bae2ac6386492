// Each test file leaves no webhook endpoint enabled behind it. The files run one after another on
// one database, and an endpoint left enabled (the authorization matrix creates one to
// https://knowledge.example.jp for every event type) gets a delivery of each change the later
// files make, retried for hours: their jobs would come before those of a later file that waits
// for its own delivery. A delivery to a disabled endpoint is given up on at once.
import { Client } from 'pg';

afterAll(async () => {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DO $$ BEGIN
      IF to_regclass('webhook_endpoints') IS NOT NULL THEN UPDATE webhook_endpoints SET enabled = false WHERE enabled; END IF;
    END $$`);
  } finally {
    await client.end();
  }
});
