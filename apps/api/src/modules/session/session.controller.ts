import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '../../common/openapi/decorators';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../common/auth/access.decorator';
import { ApiErrors } from '../../common/openapi/error-answers';
import { bearerToken } from '../../common/auth/bearer-token';
import { CurrentFirebaseUser } from '../../common/auth/current-operator.decorator';
import type { FirebaseUser } from '../../common/auth/operator';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AuditContext } from '../audit/audit-context';
import {
  IntrospectSessionRequest,
  PasswordChangedRequest,
  RevokedSessionsResponse,
  RevokeSessionRequest,
  SessionIntrospectionResponse,
  SessionResponse,
  SignInSessionListResponse,
} from './session.dto';
import { sessionCookieOptions } from './session-cookie';
import { SessionService } from './session.service';
import { ReadCall } from '../../common/http/read-call';
import { isoTime } from '../../common/http/iso-time';

@ApiTags('session')
@Controller('session')
export class SessionController {
  constructor(
    private readonly service: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('login')
  @ApiOperation({ summary: 'Open a session (set the session cookie)' })
  @HttpCode(200)
  @Access('firebaseUser')
  @ApiOkResponse({ type: SessionResponse, description: 'Sets the httpOnly session cookie shared with sibling products, in exchange for the bearer ID token.' })
  async loginSession(
    @CurrentFirebaseUser() user: FirebaseUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @AuditContext() audit: AuditContext,
  ): Promise<SessionResponse> {
    const session = await this.service.login(bearerToken(request), user, audit);
    void reply.setCookie(this.config.deployment.sessionCookieName, session.cookie, {
      ...sessionCookieOptions(this.config),
      maxAge: Math.floor(session.maxAgeMs / 1000),
    });
    return { active: true, expiresAt: isoTime(session.expiresAt) };
  }

  @Post('logout')
  @ApiOperation({ summary: 'Close the sessions (clear the session cookie)' })
  @HttpCode(200)
  @Access('firebaseUser')
  @ApiOkResponse({ type: SessionResponse, description: "Clears the session cookie and revokes the user's sessions everywhere." })
  async logoutSession(
    @CurrentFirebaseUser() user: FirebaseUser,
    @Res({ passthrough: true }) reply: FastifyReply,
    @AuditContext() audit: AuditContext,
  ): Promise<SessionResponse> {
    await this.service.logout(user, audit);
    void reply.clearCookie(this.config.deployment.sessionCookieName, sessionCookieOptions(this.config));
    return { active: false, expiresAt: null };
  }

  @Post('list')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiOperation({ summary: 'List where I am signed in' })
  @ApiOkResponse({
    type: SignInSessionListResponse,
    description: "The caller's sessions (browser and OS from the user agent, sign-in method, last seen), the caller's own marked current.",
  })
  listSessions(@CurrentFirebaseUser() user: FirebaseUser): Promise<SignInSessionListResponse> {
    return this.service.list(user);
  }

  @Post('revoke')
  @HttpCode(200)
  @Access('account')
  @ApiOperation({ summary: 'Sign out one of my sessions' })
  @ApiOkResponse({ type: RevokedSessionsResponse, description: 'Every API instance refuses the session from now on (its next call answers 401).' })
  @ApiErrors('NOT_FOUND')
  revokeSession(
    @CurrentFirebaseUser() user: FirebaseUser,
    @Body() body: RevokeSessionRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<RevokedSessionsResponse> {
    return this.service.revoke(user, body.sessionId, audit);
  }

  @Post('revokeOthers')
  @HttpCode(200)
  @Access('account')
  @ApiOperation({ summary: 'Sign out all my other sessions' })
  @ApiOkResponse({
    type: RevokedSessionsResponse,
    description: "Every session of the caller's but the current one is refused by every API instance from now on.",
  })
  revokeOtherSessions(@CurrentFirebaseUser() user: FirebaseUser, @AuditContext() audit: AuditContext): Promise<RevokedSessionsResponse> {
    return this.service.revokeOthers(user, audit);
  }

  @Post('passwordChanged')
  @ApiOperation({ summary: 'Report a password change (revoke earlier sessions)' })
  @HttpCode(200)
  @Access('public')
  @ApiOkResponse({
    description:
      "After a password change with the identity provider: every instance refuses the user's earlier sessions at once (a revocation of the last 10 minutes only; the same answer for any address).",
  })
  passwordChanged(@Body() body: PasswordChangedRequest): Promise<void> {
    return this.service.passwordChanged(body.email);
  }

  @Post('introspect')
  @ApiOperation({ summary: 'Tell who holds a session cookie (sibling products)' })
  @ApiErrors('ACCOUNT_NOT_FOUND', 'NOT_FOUND', 'SESSION_REVOKED', 'MFA_REQUIRED')
  @ReadCall()
  @HttpCode(200)
  @Access('service', 'session:introspect')
  @ApiOkResponse({
    type: SessionIntrospectionResponse,
    description:
      'Who holds the session cookie; 401 when it is invalid, expired or revoked; 403 MFA_REQUIRED for a project whose organization requires a second factor the sign-in lacks.',
  })
  introspectSession(@Body() body: IntrospectSessionRequest): Promise<SessionIntrospectionResponse> {
    return this.service.introspect(body.sessionCookie, body.projectId);
  }
}
