import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * The page's critical and serious axe findings under WCAG 2.2 AA, each as "rule (impact): the first three elements".
 * Axe runs in the page itself (legacy mode): the default opens a blank page per scan to gather the frames' results
 * in, which took over half of every scan's time and the browser's CPU, and the dashboard has no frames to gather.
 */
export const seriousAxeFindings = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    // Violations only: axe then skips detailing what passed, about half of a scan's time.
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "critical" || violation.impact === "serious")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(" | ")}`,
    );
};
