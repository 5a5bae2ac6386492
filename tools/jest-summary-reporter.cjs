// Prints one closing line "<package>: N passed, N failed" after a Jest run and, when
// TEST_SUMMARY_FILE is set, appends the counts there so the whole run can be totalled.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

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
