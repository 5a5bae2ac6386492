import { Module } from '@nestjs/common';
import { JobQueue } from './job-queue';

/** The job queue (pg-boss); the modules with jobs import it and register their kinds of job. */
@Module({ providers: [JobQueue], exports: [JobQueue] })
export class QueueModule {}
