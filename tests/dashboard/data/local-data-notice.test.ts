import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { reloadConfig } from "@/lib/platform/config";

const DASHBOARD = "app/(dashboard)";
/** Pages whose fleet data comes through lib/dashboard/data (their screens call /api/dashboard/...). */
const THROUGH_THE_SOURCE = ["map", "playback", "stats"];
/**
 * Pages without fleet data: the API reference, one's account, and this service's own settings (keys, company, audit
 * log, webhooks, users, partner credentials).
 */
const NOT_FLEET_DATA = [
  "api-reference",
  "api-reference/[operation]",
  "account",
  "settings/api-keys",
  "settings/company",
  "settings/audit-log",
  "settings/webhooks",
  "settings/users",
  "settings/partner-credentials",
];

const pages = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? pages(path.join(folder, entry.name)) : entry.name === "page.tsx" ? [path.relative(DASHBOARD, folder)] : [],
  );

afterEach(() => {
  vi.unstubAllEnvs();
  reloadConfig();
});

const render = () => renderToStaticMarkup(LocalDataNotice({ subject: "Waste jobs", reason: "the fleet API has no waste jobs." }) ?? "");

describe("the dashboard with an upstream fleet API (FLEET_API_URL)", () => {
  it("every page that shows fleet data either reads it through the data source or says it is local", () => {
    const local = pages(DASHBOARD).filter((page) => !THROUGH_THE_SOURCE.includes(page) && !NOT_FLEET_DATA.includes(page));
    expect(local.length).toBeGreaterThan(0);
    for (const page of local) expect(readFileSync(path.join(DASHBOARD, page, "page.tsx"), "utf8"), page).toContain("<LocalDataNotice");
  });

  it("the notice says plainly that the page shows this service's own data", () => {
    vi.stubEnv("FLEET_API_URL", "https://fleet.example/");
    vi.stubEnv("FLEET_API_KEY", "svc_live_x");
    reloadConfig();
    expect(render()).toContain("Waste jobs: this service&#x27;s own data, not the upstream fleet API&#x27;s.");
  });

  it("without an upstream the notice is not shown", () => {
    vi.stubEnv("FLEET_API_URL", "");
    vi.stubEnv("FLEET_API_KEY", "");
    reloadConfig();
    expect(render()).toBe("");
  });
});
