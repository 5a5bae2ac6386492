import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { RateLimitInterceptor } from './rate-limit.interceptor';
import { RateLimiter } from './rate-limiter';

/** Rate limits per client IP, per account and per organization (see {@link RateLimiter}). */
@Global()
@Module({
  providers: [RateLimiter, { provide: APP_INTERCEPTOR, useClass: RateLimitInterceptor }],
  exports: [RateLimiter],
})
export class RateLimitModule {}
