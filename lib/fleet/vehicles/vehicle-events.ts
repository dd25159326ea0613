import type { Executor } from "@/db/client";
import { enqueueWebhookEvent, enqueueWebhookEvents } from "@/lib/outbound/webhooks/enqueue-webhook-event";
import type { Tenant } from "@/lib/platform/tenant";

/** VehicleCreated / VehicleUpdated for the tenant's webhooks, in the change's transaction. */
export const raiseVehicleEvent = ({
  db,
  companyId,
  dataset,
  eventType,
  vehicle,
}: Tenant & { db: Executor; eventType: "VehicleCreated" | "VehicleUpdated"; vehicle: { id: number; name: string; vin: string } }) =>
  enqueueWebhookEvent({
    db,
    companyId,
    dataset,
    eventType,
    orderingKey: `vehicle:${vehicle.id}`,
    data: { vehicle: { id: String(vehicle.id), name: vehicle.name, vin: vehicle.vin } },
  });

/** The same for many vehicles at once (a CSV import): one look-up and one insert. */
export const raiseVehicleEvents = ({
  db,
  companyId,
  dataset,
  eventType,
  vehicles,
}: Tenant & { db: Executor; eventType: "VehicleCreated" | "VehicleUpdated"; vehicles: readonly { id: number; name: string; vin: string }[] }) =>
  enqueueWebhookEvents({
    db,
    companyId,
    dataset,
    events: vehicles.map((vehicle) => ({
      eventType,
      orderingKey: `vehicle:${vehicle.id}`,
      data: { vehicle: { id: String(vehicle.id), name: vehicle.name, vin: vehicle.vin } },
    })),
  });
