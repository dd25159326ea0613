import { z } from "zod";
import { DEVICE_MODELS } from "@/db/schema";
import type { DeviceListItem } from "@/lib/fleet/devices/list-devices";
import { externalIdsSchema, idSchema, rfc3339 } from "./common";

/** An offline device that reported within this long is "Recently Offline", before that "Prolonged Offline". */
const RECENTLY_OFFLINE_MS = 24 * 3_600_000;

const HEALTH_STATUSES = ["Connected", "Recently Offline", "Prolonged Offline", "Status Unknown", "Not Installed"] as const;

export const gatewaySchema = z
  .object({
    serial: z.string().meta({ description: "The device's identifier (IMEI, OsmAnd device id or serial)." }),
    model: z.enum(DEVICE_MODELS).meta({ description: "How the device reports (this service's models; Samsara's values are its own hardware, e.g. VG34)." }),
    asset: z
      .object({ id: idSchema, name: z.string(), externalIds: externalIdsSchema.optional() })
      .optional()
      .meta({ description: "The vehicle the device reports for; absent while it is bound to none." }),
    connectionStatus: z
      .object({
        healthStatus: z.enum(HEALTH_STATUSES).meta({
          description:
            "Connected: a report in the last 10 minutes; Recently Offline: within 24 hours; Prolonged Offline: " +
            "earlier; Status Unknown: bound, no report yet; Not Installed: bound to no vehicle.",
        }),
        lastConnected: z.string().optional().meta({ description: "RFC 3339 time of its last stored report since it was bound to its vehicle." }),
      })
      .meta({ id: "GatewayConnectionStatus" }),
  })
  .meta({ id: "Gateway", description: "Samsara's gateway object; `dataUsageLast30Days` and `accessoryDevices` are left out (this service cannot know them)." });

export type GatewayRecord = z.output<typeof gatewaySchema>;

const healthStatusOf = (device: DeviceListItem, now: Date): GatewayRecord["connectionStatus"]["healthStatus"] => {
  if (device.vehicleId === null) return "Not Installed";
  if (device.lastReportAt === null) return "Status Unknown";
  if (device.connection === "online") return "Connected";
  return now.getTime() - device.lastReportAt.getTime() <= RECENTLY_OFFLINE_MS ? "Recently Offline" : "Prolonged Offline";
};

/** A registered device as Samsara's gateway. */
export const presentGateway = (device: DeviceListItem, now = new Date()): GatewayRecord => ({
  serial: device.identifier,
  model: device.model,
  ...(device.vehicleId !== null && device.vehicleName !== null
    ? {
        asset: {
          id: String(device.vehicleId),
          name: device.vehicleName,
          ...(device.vehicleExternalIds && Object.keys(device.vehicleExternalIds).length ? { externalIds: device.vehicleExternalIds } : {}),
        },
      }
    : {}),
  connectionStatus: { healthStatus: healthStatusOf(device, now), ...(device.lastReportAt ? { lastConnected: rfc3339(device.lastReportAt) } : {}) },
});
