/**
 * Where the auth guard reads which sign-ins of a user were revoked and records that a sign-in was
 * seen. Declared here and provided by the module owning sessions (see AuthModule.forRoot), so that
 * the shared auth code depends on no feature module (docs/architecture.md#sessions).
 */
export abstract class SignInSessionStore {
  /** The sign-in times (ms since the epoch) of the user's revoked sessions. */
  abstract revokedSignIns(idaasId: string): Promise<number[]>;
  /** Records a request of the sign-in now (its last seen time). */
  abstract markSeen(idaasId: string, authTimeMs: number): Promise<void>;
}
