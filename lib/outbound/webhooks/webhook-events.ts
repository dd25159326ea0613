/** The event types a webhook may subscribe to: Samsara's names for the events this service raises. */
export const WEBHOOK_EVENT_TYPES = [
  "DriverCreated",
  "DriverUpdated",
  "VehicleCreated",
  "VehicleUpdated",
  "GeofenceEntry",
  "GeofenceExit",
  "AlertIncident",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Samsara's payload versions; a webhook keeps the one it was created with. */
export const WEBHOOK_VERSIONS = ["2018-01-01", "2021-06-09", "2022-09-13", "2024-02-27"] as const;
export const CURRENT_WEBHOOK_VERSION = "2024-02-27";
