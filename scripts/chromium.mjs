// Which Chromium the Playwright suites drive: CHROMIUM_PATH, else Debian's package, else Playwright's
// own browser (`npx playwright install chromium`). npm test checks first and stops with the command
// that installs one, instead of failing ten minutes later at its last step.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export const INSTALL_CHROMIUM = [
  "Install one and run npm test again:",
  "  Debian/Ubuntu:  sudo apt-get install -y chromium",
  "  elsewhere:      npx playwright install chromium   (Playwright's own browser; found automatically)",
  "  or point CHROMIUM_PATH at a Chromium or Chrome binary.",
].join("\n");

/** The browser's path, or null when none is installed. @returns {string | null} */
export const findChromium = () => {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return existsSync(configured) ? configured : null;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const playwrights = chromium.executablePath();
  return existsSync(playwrights) ? playwrights : null;
};
