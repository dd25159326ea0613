/** The event types a webhook may subscribe to: Samsara's names for the events this service raises. */
export const WEBHOOK_EVENT_TYPES = [
  "DriverCreated",
  "DriverUpdated",
  "VehicleCreated",
  "VehicleUpdated",
  "GeofenceEntry",
  "GeofenceExit",
  "AlertIncident",
  "DvirSubmitted",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The test event an admin sends one webhook from its page ("Send test event"), whatever the
 * webhook subscribes to: Samsara's name for its test delivery. Not a type to subscribe to.
 */
export const WEBHOOK_TEST_EVENT_TYPE = "Ping";

/** Samsara's payload versions; a webhook keeps the one it was created with. */
export const WEBHOOK_VERSIONS = ["2018-01-01", "2021-06-09", "2022-09-13", "2024-02-27"] as const;
export const CURRENT_WEBHOOK_VERSION = "2024-02-27";
