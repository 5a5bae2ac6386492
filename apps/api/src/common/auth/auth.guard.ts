import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@console/domain';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { retryReadOnce } from '../../database/connection-loss';
import { isReadCall } from '../http/read-call';
import { logAccount } from '../logging/request-log';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { ACCESS_KEY, SERVICE_SCOPE_KEY, type AccessLevel } from './access.decorator';
import { AccountLookup } from './account-lookup';
import { bearerToken } from './bearer-token';
import { FirebaseAuthService } from './firebase-auth.service';
import type { FirebaseUser } from './operator';
import { isSameOriginRequest, trustedOrigins } from './same-origin';
import { ServiceCallers } from './service-callers';
import { SignInSessions } from './sign-in-sessions';
import { holdsSystemAdminRights } from './system-admin-rights';

/** The header carrying a sibling product's service credential secret (or, in development and tests, its environment key). */
export const SUBSYSTEM_KEY_HEADER = 'x-console-subsystem-key';

/** Authenticates every request and enforces the handler's declared access level. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly firebase: FirebaseAuthService,
    private readonly accounts: AccountLookup,
    private readonly limiter: RateLimiter,
    private readonly signIns: SignInSessions,
    private readonly services: ServiceCallers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.trustedOrigins = trustedOrigins(config);
  }

  private readonly trustedOrigins: ReadonlySet<string>;

  /**
   * The bearer ID token, else the session cookie shared with sibling products. A request carrying
   * the cookie alone must come from one of our pages (all calls are POSTs, i.e. writes). Invalid
   * credentials count against the client IP's failed authentications (RateLimiter.authenticating).
   */
  private async authenticate(request: FastifyRequest): Promise<FirebaseUser> {
    const token = bearerToken(request);
    if (token) return this.limiter.authenticating(request, () => this.firebase.verifyIdToken(token));
    const cookie = request.cookies?.[this.config.deployment.sessionCookieName];
    if (!cookie) throw new DomainError('UNAUTHENTICATED');
    if (!isSameOriginRequest(request, this.trustedOrigins)) throw new DomainError('FORBIDDEN');
    return this.limiter.authenticating(request, () => this.firebase.verifySessionCookie(cookie));
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    await this.admit(context, request);
    // Once the caller is known: a write counts against a signed-in caller's rate limit (anonymous
    // calls were counted per IP as they arrived, see RateLimiter).
    if (!isReadCall(this.reflector, context)) await this.limiter.chargeWrite(request);
    return true;
  }

  /** Authenticates the request as the handler's access level asks, or throws. */
  private async admit(context: ExecutionContext, request: FastifyRequest): Promise<void> {
    const level = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (!level) throw new DomainError('FORBIDDEN');
    switch (level) {
      case 'public':
        return;
      case 'service': {
        const presented = request.headers[SUBSYSTEM_KEY_HEADER];
        if (typeof presented !== 'string') throw new DomainError('UNAUTHENTICATED');
        const caller = await this.limiter.authenticating(request, () => this.services.authenticate(presented, request.ip));
        const scope = this.reflector.getAllAndOverride<string | undefined>(SERVICE_SCOPE_KEY, [context.getHandler(), context.getClass()]);
        if (scope === undefined || !(caller.scopes as readonly string[]).includes(scope)) throw new DomainError('FORBIDDEN');
        request.serviceCaller = caller;
        return;
      }
      case 'firebaseUser':
      case 'account':
      case 'systemAdmin':
        break;
    }
    const user = await this.authenticate(request);
    await this.signIns.assertActive(user);
    request.firebaseUser = user;
    if (level === 'firebaseUser') return;
    // The first query of a signed-in request (but for the sign-in check, when due): the one to meet
    // a connection dropped while idle.
    const account = await retryReadOnce(() => this.accounts.findByIdaasId(user.uid));
    if (!account) throw new DomainError('ACCOUNT_NOT_FOUND');
    const isSystemAdmin = holdsSystemAdminRights(account, user);
    request.operator = {
      id: account.id,
      email: account.email,
      isSystemAdmin,
      secondFactor: user.secondFactor !== null,
      ssoOrganizationId: user.sso?.organizationId ?? null,
    };
    logAccount(request, account.id);
    if (level === 'systemAdmin' && !isSystemAdmin) throw new DomainError('FORBIDDEN');
  }
}
