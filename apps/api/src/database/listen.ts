import type { Client } from 'pg';

/** Has the connection receive the notifications of `channel` (a name of ours, never user input). */
export async function listen(client: Client, channel: string): Promise<void> {
  await client.query(`LISTEN ${channel}`);
}
