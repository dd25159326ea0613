import type { CameraEvent } from "@/lib/ingestion/camera/ingest-camera-event";

/** The stored media reference as the webhook answers it (no company or dataset internals). */
export const toCameraEventResponse = (event: CameraEvent) => ({
  id: event.id,
  eventId: event.eventId,
  deviceId: event.deviceId,
  vehicleId: event.vehicleId,
  vin: event.vin,
  kind: event.kind,
  mediaUrl: event.mediaUrl,
  capturedAt: event.capturedAt.toISOString(),
  latitude: event.latitude,
  longitude: event.longitude,
  receivedAt: event.receivedAt.toISOString(),
});
