import { connectAndMigrate } from './database/data-source';

/**
 * `pnpm db:migrate` (and the images' one-shot migrate job): applies the pending migrations to
 * DATABASE_URL and exits, so that API instances started together do not race to migrate.
 * Needs only DATABASE_URL.
 */
async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write('Missing environment variable DATABASE_URL\n');
    process.exit(1);
  }
  const dataSource = await connectAndMigrate(url, 1);
  const applied = await dataSource.query<{ name: string }[]>('SELECT name FROM migrations ORDER BY id');
  await dataSource.destroy();
  process.stdout.write(`Database migrated: ${applied.length} migrations applied, the last ${applied.at(-1)?.name ?? 'none'}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
