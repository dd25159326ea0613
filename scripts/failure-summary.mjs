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
  const names = block.slice(30, -10).filter((line) => NAMES_A_FAILURE.test(line));
  return [...block.slice(0, 30), `… ${block.length - 40} lines more, naming these failures:`, ...names.slice(0, 19), ...block.slice(-10)];
};
