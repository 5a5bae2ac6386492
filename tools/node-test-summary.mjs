// A node:test reporter that adds the run's counts to TEST_SUMMARY_FILE (one line: name passed
// failed), as the Jest summary reporter does, so that .ci/run totals every suite.
import { appendFileSync } from 'node:fs';

export default async function* summary(source) {
  let passed = 0;
  let failed = 0;
  for await (const event of source) {
    // Suites report too; only tests count.
    if (event.type === 'test:pass' && event.data.details?.type !== 'suite') passed += 1;
    if (event.type === 'test:fail' && event.data.details?.type !== 'suite') failed += 1;
  }
  if (process.env.TEST_SUMMARY_FILE) appendFileSync(process.env.TEST_SUMMARY_FILE, `topology ${passed} ${failed} 0\n`);
  yield `topology: ${passed} passed, ${failed} failed\n`;
}
