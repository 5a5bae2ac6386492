import { Module } from '@nestjs/common';
import { DatabasePool } from '../../database/pool-statistics';
import { MailModule } from '../mail/mail.module';
import { Metrics } from './metrics';

/** The Prometheus endpoint (see Metrics); app.ts installs its request timing. */
@Module({ imports: [MailModule], providers: [Metrics, DatabasePool], exports: [Metrics] })
export class MetricsModule {}
