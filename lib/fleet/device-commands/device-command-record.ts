import type { DeviceCommandRow } from "@/db/schema";

/** A command as the dashboard and the API show it. */
export type DeviceCommand = Pick<
  DeviceCommandRow,
  "id" | "vehicleId" | "kind" | "text" | "status" | "answer" | "requestedByName" | "createdAt" | "sentAt" | "answeredAt"
>;

export const toDeviceCommand = (row: DeviceCommandRow): DeviceCommand => ({
  id: row.id,
  vehicleId: row.vehicleId,
  kind: row.kind,
  text: row.text,
  status: row.status,
  answer: row.answer,
  requestedByName: row.requestedByName,
  createdAt: row.createdAt,
  sentAt: row.sentAt,
  answeredAt: row.answeredAt,
});
