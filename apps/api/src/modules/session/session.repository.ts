import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { IsNull, LessThan, MoreThan, Not } from 'typeorm';
import type { SignInSessionStore } from '../../common/auth/sign-in-session-store';
import { SessionEntity } from './session.entity';

/** What a sign-in is recorded with. */
export type NewSession = Pick<SessionEntity, 'idaasId' | 'authTime' | 'signInMethod' | 'userAgent' | 'ip'>;

/** The only place that reads and writes sessions (in the transaction in progress, if any); the auth guard's SignInSessionStore. */
@Injectable()
export class SessionRepository implements SignInSessionStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private sessions() {
    return this.txHost.tx.getRepository(SessionEntity);
  }

  async revokedSignIns(idaasId: string): Promise<number[]> {
    const rows = await this.sessions().find({ select: { authTime: true }, where: { idaasId, revokedAt: Not(IsNull()) } });
    return rows.map((row) => row.authTime.getTime());
  }

  async markSeen(idaasId: string, authTimeMs: number): Promise<void> {
    await this.sessions().update({ idaasId, authTime: new Date(authTimeMs), revokedAt: IsNull() }, { lastSeenAt: () => 'now()' });
  }

  /** The session of the sign-in, its row locked until the transaction ends. */
  findSignInForUpdate(idaasId: string, authTime: Date): Promise<SessionEntity | null> {
    return this.sessions().findOne({ where: { idaasId, authTime }, lock: { mode: 'pessimistic_write' } });
  }

  /** The user's sessions that are not revoked and were seen after `seenAfter`, the most recently seen first. */
  listActive(idaasId: string, seenAfter: Date): Promise<SessionEntity[]> {
    return this.sessions().find({ where: { idaasId, revokedAt: IsNull(), lastSeenAt: MoreThan(seenAfter) }, order: { lastSeenAt: 'DESC', id: 'ASC' } });
  }

  /** The addresses of the user's recorded sessions with this user agent (revoked ones included). */
  async addressesWithUserAgent(idaasId: string, userAgent: string | null): Promise<(string | null)[]> {
    const rows = await this.sessions().find({ select: { ip: true }, where: { idaasId, userAgent: userAgent ?? IsNull() } });
    return rows.map((row) => row.ip);
  }

  /** Records the sign-in unless it is recorded already (a repeated exchange of the same sign-in). */
  async insertIfAbsent(session: NewSession): Promise<void> {
    await this.sessions().createQueryBuilder().insert().values(session).orIgnore().execute();
  }

  /** A repeated exchange of a recorded sign-in: where it is now. */
  async refresh(id: string, changes: Pick<SessionEntity, 'userAgent' | 'ip'>): Promise<void> {
    await this.sessions().update({ id }, { ...changes, lastSeenAt: () => 'now()' });
  }

  /** Revokes the user's session; whether it was one of theirs and not revoked yet. */
  async revoke(id: string, idaasId: string): Promise<boolean> {
    const result = await this.sessions().update({ id, idaasId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
    return (result.affected ?? 0) > 0;
  }

  /** Revokes every session of the user but that of the sign-in at `keptAuthTime`; the ids revoked. */
  async revokeOthers(idaasId: string, keptAuthTime: Date): Promise<string[]> {
    const result = await this.sessions()
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()' })
      .where({ idaasId, authTime: Not(keptAuthTime), revokedAt: IsNull() })
      .returning(['id'])
      .execute();
    const rows: unknown = result.raw;
    return Array.isArray(rows) ? rows.map((row: { id: string }) => row.id) : [];
  }

  /** Forgets the user's sessions not revoked and not seen since `before` (their cookies have expired). */
  async deleteIdle(idaasId: string, before: Date): Promise<void> {
    await this.sessions().delete({ idaasId, revokedAt: IsNull(), lastSeenAt: LessThan(before) });
  }

  /** Forgets every session of the user (the identity provider has just revoked them all). */
  async deleteAll(idaasId: string): Promise<void> {
    await this.sessions().delete({ idaasId });
  }
}
