import { Module } from '@nestjs/common';
import { HealthChecks } from './health-checks';
import { Lifecycle } from './lifecycle';
import { ReadinessRepository } from './readiness.repository';

@Module({ providers: [HealthChecks, Lifecycle, ReadinessRepository], exports: [HealthChecks, Lifecycle] })
export class HealthModule {}
