// @ts-check
// A node:test reporter that adds the run's counts to TEST_SUMMARY_FILE (one line per test file:
// name passed failed skipped, the name being the file's without .test.mjs), as the Jest summary
// reporter does, so that .ci/run totals every suite.
import { appendFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * @param {AsyncIterable<import('node:test/reporters').TestEvent>} source
 * @returns {AsyncGenerator<string>}
 */
export default async function* summary(source) {
  /** @type {Map<string, { passed: number, failed: number, skipped: number }>} */
  const counts = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    // Suites report too; only tests count.
    if (event.data.details.type === 'suite') continue;
    const name = basename(event.data.file ?? 'node-test', '.test.mjs');
    const count = counts.get(name) ?? { passed: 0, failed: 0, skipped: 0 };
    if (event.type === 'test:fail') count.failed += 1;
    else if (event.data.skip !== undefined || event.data.todo !== undefined) count.skipped += 1;
    else count.passed += 1;
    counts.set(name, count);
  }
  for (const [name, { passed, failed, skipped }] of counts) {
    if (process.env.TEST_SUMMARY_FILE) appendFileSync(process.env.TEST_SUMMARY_FILE, `${name} ${passed} ${failed} ${skipped}\n`);
    yield `${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`;
  }
}
