import type { DashboardEndpoint } from "./define-dashboard-endpoint";
import * as alerts from "./alerts";
import * as downloads from "./downloads";
import * as fleet from "./fleet";
import { defectPhotoEndpoint, dvirPdfEndpoint } from "./inspection-photos";
import { mapPlacesEndpoint } from "./places";
import { importVehiclesEndpoint } from "./vehicle-import";

/** Every dashboard route (the harness registers each from here). */
export const DASHBOARD_ENDPOINTS: readonly DashboardEndpoint[] = [
  fleet.fleetSnapshotEndpoint,
  fleet.fleetChangesEndpoint,
  fleet.fleetStreamEndpoint,
  fleet.vehicleOptionsEndpoint,
  fleet.vehicleDetailsEndpoint,
  fleet.vehicleLocationsEndpoint,
  fleet.vehicleStatsEndpoint,
  importVehiclesEndpoint,
  alerts.alertInboxEndpoint,
  alerts.alertStreamEndpoint,
  alerts.unreadAlertsEndpoint,
  mapPlacesEndpoint,
  downloads.reportExportEndpoint,
  downloads.auditLogExportEndpoint,
  downloads.vehiclesExportEndpoint,
  downloads.workOrdersExportEndpoint,
  downloads.wasteJobsExportEndpoint,
  downloads.eldFileEndpoint,
  defectPhotoEndpoint,
  dvirPdfEndpoint,
];
