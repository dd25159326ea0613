import { defectHistoryEndpoint, dvirHistoryEndpoint } from "./maintenance-history";
import { createAddressEndpoint, deleteAddressEndpoint, getAddressEndpoint, listAddressesEndpoint, updateAddressEndpoint } from "./addresses";
import {
  createAlertConfigurationEndpoint,
  deleteAlertConfigurationEndpoint,
  listAlertConfigurationsEndpoint,
  patchAlertConfigurationEndpoint,
  streamAlertIncidentsEndpoint,
} from "./alerts";
import type { FleetEndpoint } from "../define-fleet-endpoint";
import { createAssignmentEndpoint, deleteAssignmentsEndpoint, listAssignmentsEndpoint, updateAssignmentEndpoint } from "./driver-vehicle-assignments";
import { createCarrierProposalEndpoint, listCarrierProposalsEndpoint } from "./carrier-proposed-assignments";
import {
  createDriverEndpoint,
  deleteDriverEndpoint,
  getDriverEndpoint,
  listDriversEndpoint,
  remoteSignOutDriverEndpoint,
  updateDriverEndpoint,
} from "./drivers";
import { getOrganizationEndpoint } from "./organization";
import { getComplianceSettingsEndpoint, patchComplianceSettingsEndpoint } from "./compliance-settings";
import { locationAndSpeedStreamEndpoint } from "./location-and-speed";
import { engineImmobilizerStreamEndpoint, updateEngineImmobilizerEndpoint } from "./engine-immobilizer";
import {
  createDvirEndpoint,
  getDefectEndpoint,
  getDvirEndpoint,
  listDefectTypesEndpoint,
  streamDefectsEndpoint,
  streamDvirsEndpoint,
  updateDefectEndpoint,
  updateDvirEndpoint,
} from "./maintenance";
import { createContactEndpoint, deleteContactEndpoint, getContactEndpoint, listContactsEndpoint, updateContactEndpoint } from "./contacts";
import { createGatewayEndpoint, deleteGatewayEndpoint, listGatewaysEndpoint } from "./gateways";
import { hosClocksEndpoint, hosDailyLogsEndpoint, hosLogsEndpoint, hosViolationsEndpoint } from "./hos";
import { setDutyStatusEndpoint } from "./hos-duty-status";
import { hosEldEventsEndpoint } from "./hos-eld-events";
import { listLocationsEndpoint, locationsFeedEndpoint, locationsHistoryEndpoint } from "./locations";
import { listStatsEndpoint, statsFeedEndpoint, statsHistoryEndpoint } from "./stats";
import { createUserEndpoint, deleteUserEndpoint, getUserEndpoint, listUserRolesEndpoint, listUsersEndpoint, updateUserEndpoint } from "./users";
import { createLiveShareEndpoint, deleteLiveShareEndpoint, listLiveSharesEndpoint, updateLiveShareEndpoint } from "./live-shares";
import { createTagEndpoint, deleteTagEndpoint, getTagEndpoint, listTagsEndpoint, patchTagEndpoint, replaceTagEndpoint } from "./tags";
import { getVehicleEndpoint, listVehiclesEndpoint, updateVehicleEndpoint } from "./vehicles";
import { createTrailerEndpoint, deleteTrailerEndpoint, getTrailerEndpoint, listTrailersEndpoint, updateTrailerEndpoint } from "./trailers";
import { trailerStatsEndpoint, trailerStatsFeedEndpoint, trailerStatsHistoryEndpoint } from "./trailer-stats";
import {
  createDriverTrailerAssignmentEndpoint,
  listDriverTrailerAssignmentsEndpoint,
  updateDriverTrailerAssignmentEndpoint,
  v1TrailerAssignmentEndpoint,
  v1TrailerAssignmentsEndpoint,
} from "./trailer-assignments";
import { idlingEventsEndpoint, speedingIntervalsEndpoint, tripsStreamEndpoint } from "./trips";
import { safetyEventsEndpoint, safetyEventsStreamEndpoint } from "./safety-events";
import {
  createWorkOrderEndpoint,
  deleteWorkOrderEndpoint,
  listServiceTasksEndpoint,
  listWorkOrdersEndpoint,
  patchWorkOrderEndpoint,
  streamWorkOrdersEndpoint,
} from "./work-orders";
import { createWebhookEndpoint, deleteWebhookEndpoint, getWebhookEndpoint, listWebhooksEndpoint, patchWebhookEndpoint } from "./webhooks";

/**
 * Every /fleet endpoint, in the order the OpenAPI document lists them. The document and the tests'
 * route tables are derived from this list; a route file whose endpoint is missing here fails
 * tests/harness/registry.test.ts.
 */
export const FLEET_ENDPOINTS: readonly FleetEndpoint[] = [
  listVehiclesEndpoint,
  getVehicleEndpoint,
  updateVehicleEndpoint,
  listLocationsEndpoint,
  locationsFeedEndpoint,
  locationsHistoryEndpoint,
  locationAndSpeedStreamEndpoint,
  engineImmobilizerStreamEndpoint,
  updateEngineImmobilizerEndpoint,
  listStatsEndpoint,
  statsFeedEndpoint,
  statsHistoryEndpoint,
  listTrailersEndpoint,
  createTrailerEndpoint,
  getTrailerEndpoint,
  updateTrailerEndpoint,
  deleteTrailerEndpoint,
  trailerStatsEndpoint,
  trailerStatsFeedEndpoint,
  trailerStatsHistoryEndpoint,
  listDriverTrailerAssignmentsEndpoint,
  createDriverTrailerAssignmentEndpoint,
  updateDriverTrailerAssignmentEndpoint,
  v1TrailerAssignmentsEndpoint,
  v1TrailerAssignmentEndpoint,
  listDriversEndpoint,
  createDriverEndpoint,
  getDriverEndpoint,
  updateDriverEndpoint,
  deleteDriverEndpoint,
  remoteSignOutDriverEndpoint,
  hosClocksEndpoint,
  hosLogsEndpoint,
  hosDailyLogsEndpoint,
  hosViolationsEndpoint,
  hosEldEventsEndpoint,
  setDutyStatusEndpoint,
  listWebhooksEndpoint,
  createWebhookEndpoint,
  getWebhookEndpoint,
  patchWebhookEndpoint,
  deleteWebhookEndpoint,
  listUsersEndpoint,
  createUserEndpoint,
  getUserEndpoint,
  updateUserEndpoint,
  deleteUserEndpoint,
  listUserRolesEndpoint,
  listLiveSharesEndpoint,
  createLiveShareEndpoint,
  updateLiveShareEndpoint,
  deleteLiveShareEndpoint,
  listAssignmentsEndpoint,
  createAssignmentEndpoint,
  listCarrierProposalsEndpoint,
  createCarrierProposalEndpoint,
  updateAssignmentEndpoint,
  deleteAssignmentsEndpoint,
  listGatewaysEndpoint,
  createGatewayEndpoint,
  deleteGatewayEndpoint,
  listTagsEndpoint,
  createTagEndpoint,
  getTagEndpoint,
  patchTagEndpoint,
  replaceTagEndpoint,
  deleteTagEndpoint,
  listAddressesEndpoint,
  createAddressEndpoint,
  getAddressEndpoint,
  updateAddressEndpoint,
  deleteAddressEndpoint,
  listContactsEndpoint,
  createContactEndpoint,
  getContactEndpoint,
  updateContactEndpoint,
  deleteContactEndpoint,
  listAlertConfigurationsEndpoint,
  createAlertConfigurationEndpoint,
  patchAlertConfigurationEndpoint,
  deleteAlertConfigurationEndpoint,
  streamAlertIncidentsEndpoint,
  tripsStreamEndpoint,
  safetyEventsEndpoint,
  safetyEventsStreamEndpoint,
  idlingEventsEndpoint,
  speedingIntervalsEndpoint,
  getOrganizationEndpoint,
  getComplianceSettingsEndpoint,
  patchComplianceSettingsEndpoint,
  listDefectTypesEndpoint,
  streamDvirsEndpoint,
  getDvirEndpoint,
  createDvirEndpoint,
  updateDvirEndpoint,
  streamDefectsEndpoint,
  getDefectEndpoint,
  updateDefectEndpoint,
  dvirHistoryEndpoint,
  defectHistoryEndpoint,
  listServiceTasksEndpoint,
  listWorkOrdersEndpoint,
  createWorkOrderEndpoint,
  patchWorkOrderEndpoint,
  deleteWorkOrderEndpoint,
  streamWorkOrdersEndpoint,
];
