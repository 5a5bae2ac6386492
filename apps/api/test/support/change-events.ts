import { TransactionHost } from '@nestjs-cls/transactional';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuditService } from '../../src/modules/audit/audit.service';
import type { TestApi } from './harness';

/** `count` project.renamed events written as changes write them (audited, in one transaction); their ids in order. */
export async function emitProjectRenames(api: TestApi, count: number): Promise<string[]> {
  const marker = randomBytes(6).toString('hex');
  await api.app.get(TransactionHost).withTransaction(() =>
    api.app.get(AuditService).recordAll(
      { actor: null, requestId: null, ip: null, userAgent: null },
      Array.from({ length: count }, (_, i) => ({
        action: 'project.update' as const,
        targetType: 'project' as const,
        targetId: 'p1Q2r3S4',
        organizationId: 'o1P2q3R4',
        projectId: 'p1Q2r3S4',
        changes: { name: { before: `${marker} ${i}`, after: `${marker} ${i + 1}` } },
      })),
    ),
  );
  const rows = await api.app
    .get(DataSource)
    .query<{ id: string }[]>(`SELECT id FROM change_events WHERE data->>'previousName' LIKE $1 ORDER BY seq`, [`${marker} %`]);
  return rows.map((r) => r.id);
}
