import type { Reporter, TestCase } from "vitest/node";
import { PASSED_ON_RETRY } from "../../scripts/step-summary.mjs";

/**
 * Names the tests that failed and then passed on a retry (CI retries a failed test once, vitest.config.ts), on lines of their
 * own after the run: vitest marks them only on their own line, which a run of a hundred files does not print.
 */
export default class RetriedTestsReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    if (testCase.diagnostic()?.flaky) this.retried.push(`${testCase.module.relativeModuleId} > ${testCase.fullName}`);
  }

  onTestRunEnd() {
    for (const name of this.retried) console.log(`${PASSED_ON_RETRY} ${name}`);
  }
}
