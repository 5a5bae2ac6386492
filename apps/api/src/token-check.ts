import { FirebaseAuthService } from './common/auth/firebase-auth.service';
import { loadConfig } from './config/app-config';

/** The API's ID token check on its own, with what it is configured by (tokenCheck). */
export interface TokenCheck {
  /** Where the API would listen. */
  server: { host: string; port: number };
  /** The API's database and the size of its connection pool. */
  database: { url: string; poolMax: number };
  /** Resolves when the API would accept the ID token (the same verification, caches and revocation check); rejects when it would not. */
  verifyIdToken(token: string): Promise<void>;
}

/**
 * The ID token check of the API outside the application, configured from the environment as the
 * API is: the package export `@console/api/token-check`, with which the raw baseline of `pnpm bench`
 * does the same sign-in work as the API (docs/operations.md#benchmarks).
 */
export function tokenCheck(env: NodeJS.ProcessEnv = process.env): TokenCheck {
  const config = loadConfig(env);
  const auth = new FirebaseAuthService(config);
  return {
    server: { host: config.host, port: config.port },
    database: { url: config.databaseUrl, poolMax: config.databasePoolMax },
    verifyIdToken: async (token) => {
      await auth.verifyIdToken(token);
    },
  };
}
