import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@console/domain';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { retryReadOnce } from '../../database/connection-loss';
import { logAccount } from '../logging/request-log';
import { ACCESS_KEY, type AccessLevel } from './access.decorator';
import { AccountLookup } from './account-lookup';
import { FirebaseAuthService } from './firebase-auth.service';
import type { FirebaseUser } from './operator';
import { isSameOriginRequest, trustedOrigins } from './same-origin';
import { holdsSystemAdminRights } from './system-admin-rights';

export const SUBSYSTEM_KEY_HEADER = 'x-console-subsystem-key';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Authenticates every request and enforces the handler's declared access level. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly firebase: FirebaseAuthService,
    private readonly accounts: AccountLookup,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.trustedOrigins = trustedOrigins(config);
  }

  private readonly trustedOrigins: ReadonlySet<string>;

  /**
   * The bearer ID token, else the session cookie shared with sibling products. A request carrying
   * the cookie alone must come from one of our pages (all calls are POSTs, i.e. writes).
   */
  private async authenticate(request: FastifyRequest): Promise<FirebaseUser> {
    const token = bearerToken(request);
    if (token) return this.firebase.verifyIdToken(token);
    const cookie = request.cookies?.[this.config.deployment.sessionCookieName];
    if (!cookie) throw new DomainError('UNAUTHENTICATED');
    if (!isSameOriginRequest(request, this.trustedOrigins)) throw new DomainError('FORBIDDEN');
    return this.firebase.verifySessionCookie(cookie);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const level = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (!level) throw new DomainError('FORBIDDEN');
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    switch (level) {
      case 'public':
        return true;
      case 'subsystem': {
        const presented = request.headers[SUBSYSTEM_KEY_HEADER];
        const ok = typeof presented === 'string' && Object.values(this.config.subsystemKeys).some((key) => sameSecret(presented, key));
        if (!ok) throw new DomainError('UNAUTHENTICATED');
        return true;
      }
      case 'firebaseUser':
      case 'account':
      case 'systemAdmin':
        break;
    }
    const user = await this.authenticate(request);
    request.firebaseUser = user;
    if (level === 'firebaseUser') return true;
    // The first query of every signed-in request: the one to meet a connection dropped while idle.
    const account = await retryReadOnce(() => this.accounts.findByIdaasId(user.uid));
    if (!account) throw new DomainError('ACCOUNT_NOT_FOUND');
    const isSystemAdmin = holdsSystemAdminRights(account, user);
    request.operator = { id: account.id, email: account.email, isSystemAdmin };
    logAccount(request, account.id);
    if (level === 'systemAdmin' && !isSystemAdmin) throw new DomainError('FORBIDDEN');
    return true;
  }
}
