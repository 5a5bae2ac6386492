import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The readiness probe's question to the database. */
@Injectable()
export class ReadinessRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Whether the database answers a trivial query. */
  async databaseAnswers(): Promise<boolean> {
    try {
      await this.dataSource.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
}
