import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ClientButton, LOADING_TITLE } from "@/components/ui/client-button";

/**
 * Screens that are nothing without the page's script (their data and map or charts load in the
 * browser): their buttons appear only once the script runs, so they stay plain buttons.
 */
const SCRIPT_ONLY_SCREENS = ["components/map/", "components/playback/", "components/stats/", "components/dashboard/vehicle-range-picker.tsx"];

const sources = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    return entry.isDirectory() ? sources(file) : file.endsWith(".tsx") ? [file] : [];
  });

/** Each `<button …>…</button>` in a file that acts through a click handler rather than by submitting its form. */
const scriptButtons = (source: string): string[] =>
  source
    .split("<button")
    .slice(1)
    .map((rest) => `<button${rest.slice(0, rest.indexOf("</button>"))}`)
    .filter((button) => button.includes("onClick") && !button.includes('type="submit"'));

describe("a button that acts only through the page's script", () => {
  it("is disabled, busy and titled as loading in the server's HTML, keeping its label", () => {
    const html = renderToStaticMarkup(
      createElement(ClientButton, { className: "button", "aria-label": "Revoke Partner key", onClick: () => undefined }, "Revoke"),
    );
    expect(html).toContain('type="button"');
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain(`title="${LOADING_TITLE}"`);
    expect(html).toContain('aria-label="Revoke Partner key"');
    expect(html).toContain(">Revoke</button>");
  });

  it("is a ClientButton everywhere outside the script-only screens", () => {
    const plain = ["app", "components"]
      .flatMap(sources)
      .filter((file) => !SCRIPT_ONLY_SCREENS.some((screen) => file.startsWith(screen)) && !file.endsWith("client-button.tsx"))
      .flatMap((file) => scriptButtons(readFileSync(file, "utf8")).map((button) => `${file}: ${button.split("\n")[0]}`));
    expect(plain).toEqual([]);
  });
});
