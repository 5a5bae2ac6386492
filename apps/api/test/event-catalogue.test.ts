import { eventCatalogueMarkdown } from '@console/domain';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('the event catalogue in the docs', () => {
  it('docs/events.md is the catalogue of packages/domain/src/events.ts as generated now (pnpm --filter @console/domain events:docs)', () => {
    expect(readFileSync(join(__dirname, '../../../docs/events.md'), 'utf8')).toBe(eventCatalogueMarkdown());
  });
});
