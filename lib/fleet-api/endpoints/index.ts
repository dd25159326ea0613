import type { FleetEndpoint } from "../define-fleet-endpoint";
import { createDriverEndpoint, getDriverEndpoint, listDriversEndpoint, updateDriverEndpoint } from "./drivers";
import { hosClocksEndpoint, hosDailyLogsEndpoint, hosLogsEndpoint, hosViolationsEndpoint } from "./hos";
import { setDutyStatusEndpoint } from "./hos-duty-status";
import { listLocationsEndpoint, locationsFeedEndpoint, locationsHistoryEndpoint } from "./locations";
import { listStatsEndpoint, statsFeedEndpoint, statsHistoryEndpoint } from "./stats";
import { idlingEventsEndpoint, speedingIntervalsEndpoint, tripsStreamEndpoint } from "./trips";
import { getVehicleEndpoint, listVehiclesEndpoint } from "./vehicles";
import { createWebhookEndpoint, deleteWebhookEndpoint, getWebhookEndpoint, listWebhooksEndpoint, patchWebhookEndpoint } from "./webhooks";

/**
 * Every /fleet endpoint, in the order the OpenAPI document lists them. The document and the tests'
 * route tables are derived from this list; a route file whose endpoint is missing here fails
 * tests/harness/registry.test.ts.
 */
export const FLEET_ENDPOINTS: readonly FleetEndpoint[] = [
  listVehiclesEndpoint,
  getVehicleEndpoint,
  listLocationsEndpoint,
  locationsFeedEndpoint,
  locationsHistoryEndpoint,
  listStatsEndpoint,
  statsFeedEndpoint,
  statsHistoryEndpoint,
  listDriversEndpoint,
  createDriverEndpoint,
  getDriverEndpoint,
  updateDriverEndpoint,
  hosClocksEndpoint,
  hosLogsEndpoint,
  hosDailyLogsEndpoint,
  hosViolationsEndpoint,
  setDutyStatusEndpoint,
  listWebhooksEndpoint,
  createWebhookEndpoint,
  getWebhookEndpoint,
  patchWebhookEndpoint,
  deleteWebhookEndpoint,
  tripsStreamEndpoint,
  idlingEventsEndpoint,
  speedingIntervalsEndpoint,
];
