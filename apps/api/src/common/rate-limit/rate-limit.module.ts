import { Global, Module } from '@nestjs/common';
import { RateLimiter } from './rate-limiter';

/** Rate limits per client IP, per account and per organization (see {@link RateLimiter}). */
@Global()
@Module({ providers: [RateLimiter], exports: [RateLimiter] })
export class RateLimitModule {}
