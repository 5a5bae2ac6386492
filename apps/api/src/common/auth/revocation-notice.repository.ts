import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { execute } from '../../database/typed-sql';

/** The Postgres channel on which instances announce users whose sessions were just revoked (payload: the Firebase uid). */
export const REVOCATION_CHANNEL = 'console_sessions_revoked';

/** Announces revoked sessions to every instance listening on REVOCATION_CHANNEL (see SessionRevocations). */
@Injectable()
export class RevocationNoticeRepository {
  constructor(private readonly dataSource: DataSource) {}

  async announce(uid: string): Promise<void> {
    await execute(this.dataSource, { text: 'SELECT pg_notify($1, $2)', values: [REVOCATION_CHANNEL, uid] });
  }
}
