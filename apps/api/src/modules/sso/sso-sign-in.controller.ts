import { Body, Controller, Get, HttpCode, Inject, Logger, Post, Query, Redirect, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiTags } from '../../common/openapi/decorators';
import { DomainError, ssoCompletionUrl } from '@console/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../common/auth/access.decorator';
import { ReadCall } from '../../common/http/read-call';
import { ApiErrors } from '../../common/openapi/error-answers';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { SamlProtocol } from '../saml/saml-protocol';
import { SsoDiscoverRequest, SsoDiscoverResponse, SsoExchangeRequest, SsoExchangeResponse } from './sso.dto';
import { SsoSignInService } from './sso-sign-in.service';

/** A redirect answered by a handler with @Redirect(). */
interface RedirectTo {
  url: string;
}

/** The text fields of the identity provider's form post (a SAML answer: SAMLResponse, RelayState). */
function formFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * Signing in through an organization's identity provider (docs/product-rules.md#single-sign-on).
 * The browser goes to `start` and comes back from the identity provider to `callback`, which sends
 * it on to the web's completion page with a single-use code — or the error code — in the URL
 * fragment (never sent to, nor logged by, any server); the web exchanges the code for its custom token.
 */
@ApiTags('sso')
@Controller('auth/sso')
export class SsoSignInController {
  private readonly logger = new Logger(SsoSignInController.name);

  constructor(
    private readonly signIn: SsoSignInService,
    private readonly saml: SamlProtocol,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'appOrigin' | 'publicApiUrl'>,
  ) {}

  @Post('discover')
  @ApiOperation({ summary: 'Tell whether an address signs in with SSO (home-realm discovery)' })
  @ReadCall()
  @HttpCode(200)
  @Access('public')
  @ApiOkResponse({ type: SsoDiscoverResponse })
  discoverSso(@Body() body: SsoDiscoverRequest): Promise<SsoDiscoverResponse> {
    return this.signIn.discover(body.email);
  }

  @Get('start')
  // Browser navigations, not calls (docs/integration.md#single-sign-on): to the identity provider and back to the web.
  @ApiExcludeEndpoint()
  @Access('public')
  @Redirect()
  async startSso(@Query('domain') domain: string | undefined): Promise<RedirectTo> {
    return this.redirecting(async () => ({ url: (await this.signIn.start(domain ?? '')).href }));
  }

  @Get('callback')
  @ApiExcludeEndpoint()
  @Access('public')
  @Redirect()
  callbackSso(@Req() request: FastifyRequest): Promise<RedirectTo> {
    return this.complete(request);
  }

  @Post('callback')
  @ApiExcludeEndpoint()
  @Access('public')
  @Redirect(undefined, 303)
  postCallbackSso(@Req() request: FastifyRequest): Promise<RedirectTo> {
    return this.complete(request, formFields(request.body));
  }

  @Get('saml/metadata')
  // The console's SAML service provider metadata, read by identity providers (docs/integration.md#saml): XML, not a call.
  @ApiExcludeEndpoint()
  @Access('public')
  async samlMetadata(@Res() reply: FastifyReply): Promise<void> {
    await reply.header('content-type', 'application/samlmetadata+xml; charset=utf-8').send(await this.saml.metadata(this.signIn.callbackUrl));
  }

  @Post('exchange')
  @ApiOperation({ summary: 'Exchange the single-use code of a completed SSO sign-in for a Firebase custom token' })
  @ApiErrors('SSO_ATTEMPT_INVALID', 'SSO_CONNECTION_DISABLED')
  @HttpCode(200)
  @Access('public')
  @ApiOkResponse({ type: SsoExchangeResponse })
  exchangeSso(@Body() body: SsoExchangeRequest): Promise<SsoExchangeResponse> {
    return this.signIn.exchange(body.code);
  }

  /** Completes the sign-in of the identity provider's answer: a redirect (OIDC); a protocol answering with a form post (SAML) adds its route with the form's fields as `body`. */
  private complete(request: FastifyRequest, body: Readonly<Record<string, string>> = {}): Promise<RedirectTo> {
    return this.redirecting(async () => {
      const url = new URL(request.url, this.config.publicApiUrl);
      const code = await this.signIn.complete({ url, body });
      return { url: ssoCompletionUrl(this.config.appOrigin, { code }) };
    });
  }

  /** The redirect of `run`, or to the completion page with the error code (an unexpected error is logged and told as INTERNAL). */
  private async redirecting(run: () => Promise<RedirectTo>): Promise<RedirectTo> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof DomainError) return { url: ssoCompletionUrl(this.config.appOrigin, { error: error.errorCode }) };
      this.logger.error(error instanceof Error ? error : new Error(String(error)), 'SSO sign-in failed');
      return { url: ssoCompletionUrl(this.config.appOrigin, { error: 'INTERNAL' }) };
    }
  }
}
