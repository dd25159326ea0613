import { formOf } from "../../helpers/server-action-session";

/** An id no seeded row has: an allowed call gets past the role check and then finds nothing to change. */
const NONE = 2_147_483_000;

/**
 * Each server action's test row: arguments that pass its call's shape (ids are numbers) but change
 * nothing (the input fails its schema, or names no row), so every role can be tried on every
 * action without one call's effect deciding the next. A new action needs its row here: the
 * generated matrix (action-role-matrix.test.ts) fails on an action without one.
 */
export const ACTION_SAMPLES: Record<string, () => unknown[]> = {
  // settings/users
  addUserAction: () => [{}],
  updateUserAction: () => [NONE, {}],
  sendPasswordResetAction: () => [NONE],
  reissueInviteAction: () => [NONE],
  // devices
  registerDeviceAction: () => [{}],
  bindDeviceAction: () => [{}],
  unregisterDeviceAction: () => [{}],
  sendDeviceCommandAction: () => [null, formOf({ vehicleId: String(NONE), kind: "requestPosition" })],
  claimDeviceAction: () => [{}],
  createIngestTokenAction: () => [{}],
  revokeIngestTokenAction: () => [{}],
  // settings/api-keys, webhooks, partner-credentials, company
  createApiKeyAction: () => [null, formOf({})],
  revokeApiKeyAction: () => ["no-such-key"],
  createWebhookAction: () => [null, formOf({})],
  deleteWebhookAction: () => [NONE],
  redeliverAction: () => [NONE],
  sendTestEventAction: () => [NONE],
  createClientKeyAction: () => [""],
  revokeClientKeyAction: () => [NONE],
  rotateCameraSecretAction: () => [Number.NaN],
  revokeCameraSecretAction: () => [NONE],
  updateCompanySettingsAction: () => [{ timeZone: "Nowhere/Nothing" }],
  // places, alerts, reports, map, assignments
  createPlaceAction: () => [{}],
  updatePlaceAction: () => [NONE, {}],
  deletePlaceAction: () => [NONE],
  searchCitiesAction: () => [""],
  searchAddressesAction: () => [""],
  createAlertRuleAction: () => [{}],
  setAlertRuleEnabledAction: () => [NONE, true],
  deleteAlertRuleAction: () => [NONE],
  markIncidentsReadAction: () => ["not a list"],
  createReportScheduleAction: () => [{}],
  deleteReportScheduleAction: () => [NONE],
  shareLiveLocationAction: () => [{}],
  assignVehicleAction: () => [NONE, NONE],
  assignDriverAction: () => [NONE, NONE],
  endAssignmentAction: () => [NONE],
  // account: the two passwords differ
  changeOwnPasswordAction: () => [null, formOf({ currentPassword: "x", newPassword: "a", confirm: "b" })],
  signOutEverywhereAction: () => [],
  // drivers, vehicles, tags: a form that fails its schema, or no such row
  createDriverAction: () => [null, formOf({ name: "" })],
  updateDriverAction: () => [NONE, null, formOf({ name: "" })],
  createVehicleAction: () => [null, formOf({ name: "" })],
  updateVehicleAction: () => [NONE, null, formOf({ name: "" })],
  saveTagAction: () => [null, null, formOf({ name: "" })],
  setDriverActivationAction: () => [NONE, "active"],
  setDriverSignInAction: () => [NONE, null, formOf({ secret: "123456" })],
  setVehicleArchivedAction: () => [NONE, true],
  deleteTagAction: () => [NONE],
  // hos: no such driver; a drive form without its fields
  proposeLogEditAction: () => [NONE, null, formOf({})],
  resolveUnassignedAction: () => [null, formOf({})],
  // logbook (a driver's session)
  changeDutyStatusAction: () => [null, formOf({})],
  certifyDayAction: () => [null, formOf({})],
  answerDriveAction: () => [null, formOf({})],
  answerLogEditAction: () => [null, formOf({})],
  answerProposalAction: () => [null, formOf({})],
  keepDrivingAction: () => [null, formOf({})],
  pickTrailerAction: () => [null, formOf({})],
  dropTrailerAction: () => [null, formOf({})],
  handOverEldFileAction: () => [null, formOf({ comment: "x".repeat(61) })],
  submitInspectionAction: () => [null, formOf({})],
  // a form without its photo; no such report
  uploadDefectPhotoAction: () => [formOf({})],
  signInspectionReviewAction: () => [null, formOf({ dvirId: String(NONE), signatureName: "Driver" })],
  resolveDefectAction: () => [null, formOf({ defectId: String(NONE), resolution: "repaired" })],
  // inspections/checklist: an item without a label; no such item
  addDefectTypeAction: () => [null, formOf({})],
  retireDefectTypeAction: () => [NONE],
  // inspections/checklist: a retention under the rule's three months
  setDvirRetentionAction: () => [null, formOf({ months: "1" })],
  // maintenance: a program without a name; no such program or vehicle
  saveProgramAction: () => [null, formOf({})],
  deleteProgramAction: () => [NONE],
  recordServiceAction: () => [NONE, NONE],
  // maintenance/orders: no vehicle; no such work order or program
  openWorkOrderAction: () => [null, formOf({})],
  openServiceWorkOrderAction: () => [NONE, NONE],
  addWorkOrderLineAction: () => [null, formOf({ workOrderId: String(NONE) })],
  setWorkOrderStatusAction: () => [NONE, "completed"],
  // public (no session): listed for the registry, not in the role matrix
  signInAction: () => [null, formOf({})],
  driverSignInAction: () => [null, formOf({})],
  forgotPasswordAction: () => [null, formOf({})],
  resetPasswordAction: () => ["no-such-token", null, formOf({})],
  acceptInviteAction: () => ["no-such-token", null, formOf({})],
  completeSetupAction: () => ["no-such-token", null, formOf({})],
  searchSetupCitiesAction: () => ["no-such-token", "Berlin"],
};
