// @ts-check
// Prints one closing line "<package>: N passed, N failed" after a Jest run and, when
// TEST_SUMMARY_FILE is set, appends the counts there so the whole run can be totalled.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  /** @param {{ rootDir: string }} globalConfig Jest's global configuration (the part read here). */
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  /**
   * @param {unknown} _contexts
   * @param {{ numPassedTests: number, numFailedTests: number, numRuntimeErrorTestSuites: number, numPendingTests: number, numTodoTests: number }} results Jest's aggregated results (the counts read here).
   */
  onRunComplete(_contexts, results) {
    const name = path.basename(this.rootDir);
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stdout.write(`\n${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
    const file = process.env.TEST_SUMMARY_FILE;
    if (file) fs.appendFileSync(file, `${name} ${passed} ${failed} ${skipped}\n`);
  }
}

module.exports = SummaryReporter;
