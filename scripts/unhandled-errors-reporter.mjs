// A vitest reporter that writes the run's unhandled errors (a promise rejected after its test ended, a worker that
// crashed) to the file named by UNHANDLED_ERRORS_FILE. The JSON reporter leaves them out, so without this a run
// could fail with every test passed and the end of a CI log would not say why.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.UNHANDLED_ERRORS_FILE;
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    const errors = unhandledErrors.map((e) => ({
      name: e?.name,
      message: e?.message,
      stack: e?.stack,
      // Where vitest knows it: the test file and test that were running when the error surfaced.
      testFile: e?.VITEST_TEST_PATH,
      testName: e?.VITEST_TEST_NAME,
    }));
    writeFileSync(file, JSON.stringify(errors, null, 2));
  }
}
