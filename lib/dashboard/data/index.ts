import { getDb } from "@/db/client";
import { getConfig } from "@/lib/platform/config";
import { createHttpSource } from "./http-source";
import { createInProcessSource } from "./in-process-source";
import type { FleetSource } from "./fleet-source";

export type { FleetSource } from "./fleet-source";

/** Whether the dashboard's vehicle pages read an upstream fleet API (FLEET_API_URL) instead of this app's database. */
export const isUpstreamFleet = () => Boolean(getConfig().FLEET_API_URL);

/**
 * THE switch between the dashboard's two data sources: an upstream fleet API when FLEET_API_URL and
 * FLEET_API_KEY are set (lib/platform/config refuses one without the other), else this app's domain functions
 * in-process. Always the company's live data.
 */
export const getFleetSource = ({ companyId }: { companyId: number }): FleetSource => {
  const { FLEET_API_URL: baseUrl, FLEET_API_KEY: apiKey } = getConfig();
  if (baseUrl && apiKey) return createHttpSource({ baseUrl, apiKey });
  return createInProcessSource({ db: getDb(), companyId, dataset: "live" });
};
