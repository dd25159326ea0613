import { getDb } from "@/db/client";
import { createHttpSource } from "./http-source";
import { createInProcessSource } from "./in-process-source";
import type { FleetSource } from "./fleet-source";
import { getConfig } from "@/lib/config";

export type { FleetSource } from "./fleet-source";

/**
 * THE switch between the dashboard's two data sources: an upstream fleet API when FLEET_API_URL and
 * FLEET_API_KEY are set, else this app's domain functions in-process. Always the company's live data.
 */
export const getFleetSource = ({ companyId }: { companyId: number }): FleetSource => {
  const { FLEET_API_URL: baseUrl, FLEET_API_KEY: apiKey } = getConfig();
  if (baseUrl && apiKey) return createHttpSource({ baseUrl, apiKey });
  return createInProcessSource({ db: getDb(), companyId, dataset: "live" });
};
