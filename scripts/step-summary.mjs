import { stripVTControlCharacters } from "node:util";

/** Lines that name a failure: vitest's "FAIL  file > test", Playwright's "1) [project] › file:line › test". */
const NAMES_A_FAILURE = /^\s*FAIL\s|^\s+\d+\) \[/;

/**
 * What a failed step's output says of its failure, in at most 60 lines, without colours: from the test runner's account
 * of its failures (vitest's "Failed Tests", Playwright's first "1) [project]") to its end, or else the output's last
 * lines. A long account keeps its first 30 lines (the first failure whole), the names of the failures after them
 * and its last 10 lines (the totals). npm test prints each step's output when the step ends, long before the run's
 * last line when the other lane goes on: printed again at the end, it is in the tail a CI log keeps.
 */
export const failureSummary = (output) => {
  const lines = stripVTControlCharacters(output).trimEnd().split("\n");
  const start = lines.findIndex((line) => /Failed (Tests|Suites)|Unhandled Errors/.test(line) || NAMES_A_FAILURE.test(line));
  const block = start === -1 ? lines.slice(-40) : lines.slice(start);
  if (block.length <= 60) return block;
  const names = [...new Set(block.slice(30, -10).filter((line) => NAMES_A_FAILURE.test(line)))];
  return [...block.slice(0, 30), `… ${block.length - 40} lines more, naming these failures:`, ...names.slice(0, 19), ...block.slice(-10)];
};

/** How vitest's runs name a test that passed on its retry (tests/helpers/retried-tests-reporter.ts), a line each. */
export const PASSED_ON_RETRY = "passed on a retry:";

/**
 * The tests a step's output names as passed on a retry (CI retries a failed test once): vitest's, by the line its
 * reporter prints, and Playwright's, listed under its "N flaky". npm test names them at the end of a run: a test that
 * fails now and then is a defect to mend, not to learn of when it fails twice.
 */
export const retriedTests = (output) => {
  const lines = stripVTControlCharacters(output).split("\n");
  const named = [];
  let underFlaky = false;
  for (const line of lines) {
    if (line.startsWith(PASSED_ON_RETRY)) named.push(line.slice(PASSED_ON_RETRY.length).trim());
    else if (/^\s+\d+ flaky$/.test(line)) underFlaky = true;
    else if (underFlaky && /^\s{4}\[/.test(line)) named.push(line.trim().replace(/\s*─+$/, ""));
    else underFlaky = false;
  }
  return named;
};
