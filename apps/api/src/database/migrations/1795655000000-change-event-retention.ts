import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The change events by age, for the retention job that deletes the oldest (CHANGE_EVENT_RETENTION_DAYS). */
export class ChangeEventRetention1795655000000 implements MigrationInterface {
  name = 'ChangeEventRetention1795655000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX change_events_occurred_at_idx ON change_events (occurred_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS change_events_occurred_at_idx`);
  }
}
