import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Client, type Notification } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { listen } from '../../database/listen';
import { FirebaseAuthService } from './firebase-auth.service';
import { REVOCATION_CHANNEL, RevocationNoticeRepository } from './revocation-notice.repository';
import { SERVICE_CREDENTIAL_CHANNEL, ServiceCallers } from './service-callers';
import { SignInSessions } from './sign-in-sessions';

/** How long the listener waits before connecting again after it lost its connection. */
const RECONNECT_DELAY_MS = 1000;
/** How the listener's connection names itself to Postgres (pg_stat_activity). */
export const SESSION_REVOCATIONS_APPLICATION_NAME = 'console-session-revocations';

/**
 * Revokes a user's sessions on every API instance at once. The identity provider revokes them
 * (FirebaseAuthService.revokeSessions), then this instance announces it through Postgres
 * LISTEN/NOTIFY (the one service every instance shares) with pg_notify on its pool; every instance
 * listens on a connection of its own and forgets what it knew of the user, so that its next request
 * asks the identity provider again (and reads its revoked sign-ins again, see SignInSessions). An instance that lost that connection forgets every user once
 * it listens again (and at its first connection), since it may have missed announcements; until
 * then what it trusts is bounded by REVOCATION_CHECK_INTERVAL_MS, as for changes made at the
 * identity provider directly.
 *
 * The same connection listens for changed service credentials (SERVICE_CREDENTIAL_CHANNEL, announced
 * by the transaction that changes them), whose verified secrets ServiceCallers then forgets.
 *
 * The listening connection is a session of its own, so it goes to Postgres directly
 * (DATABASE_DIRECT_URL): through a pooler in transaction mode the LISTEN would be made on a server
 * connection that is handed to other clients right after, and no notification would come (see
 * docs/operations.md#connection-pooling). The announcements (pg_notify) go through the pool.
 */
@Injectable()
export class SessionRevocations implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SessionRevocations.name);
  private client: Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Whether the loss of the connection was logged (once per outage). */
  private lostLogged = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notices: RevocationNoticeRepository,
    private readonly firebase: FirebaseAuthService,
    private readonly signIns: SignInSessions,
    private readonly serviceCallers: ServiceCallers,
  ) {}

  /**
   * Revokes every session of the user now (the ID tokens and session cookies of earlier sign-ins)
   * on every instance: for a logout, and for an account's deletion.
   */
  async revoke(uid: string): Promise<void> {
    await this.firebase.revokeSessions(uid);
    await this.announce(uid);
  }

  /** Tells every instance, this one included, that the identity provider or the account settings revoked sessions of the user. */
  async announce(uid: string): Promise<void> {
    await this.notices.announce(uid);
  }

  /** Starts listening without delaying the start: until it listens, the revocation interval bounds what is trusted. */
  onModuleInit(): void {
    void this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({
      connectionString: this.config.databaseDirectUrl,
      connectionTimeoutMillis: 10_000,
      application_name: SESSION_REVOCATIONS_APPLICATION_NAME,
    });
    this.client = client;
    client.on('notification', (message: Notification) => {
      if (!message.payload) return;
      if (message.channel === SERVICE_CREDENTIAL_CHANNEL) this.serviceCallers.forget(message.payload);
      if (message.channel !== REVOCATION_CHANNEL) return;
      this.firebase.forgetStanding(message.payload);
      this.signIns.forget(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await listen(client, SERVICE_CREDENTIAL_CHANNEL);
      await listen(client, REVOCATION_CHANNEL);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) return;
    this.firebase.forgetAllStandings();
    this.signIns.forgetAll();
    this.serviceCallers.forgetAll();
    if (this.lostLogged) this.logger.log('Listening for revoked sessions again');
    this.lostLogged = false;
  }

  /** Drops the connection, when it is the current one, and connects again after a while (unless the application is stopping). */
  private lost(client: Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    if (this.stopped) return;
    if (!this.lostLogged) {
      this.logger.warn(
        { err: error },
        `Not listening for revoked sessions (trying again every ${RECONNECT_DELAY_MS} ms): meanwhile revocations elsewhere take up to REVOCATION_CHECK_INTERVAL_MS here`,
      );
    }
    this.lostLogged = true;
    this.reconnectTimer = setTimeout(() => void this.connect(), RECONNECT_DELAY_MS).unref();
  }
}
