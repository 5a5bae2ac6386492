import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { Lifecycle } from './lifecycle';
import { ReadinessRepository } from './readiness.repository';

@Module({ controllers: [HealthController], providers: [Lifecycle, ReadinessRepository], exports: [Lifecycle] })
export class HealthModule {}
