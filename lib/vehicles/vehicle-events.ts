import type { Executor } from "@/db/client";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-event";
import type { Tenant } from "@/lib/tenant";

/** VehicleCreated / VehicleUpdated for the tenant's webhooks, in the change's transaction. */
export const raiseVehicleEvent = ({ db, companyId, dataset, eventType, vehicle }: Tenant & { db: Executor; eventType: "VehicleCreated" | "VehicleUpdated"; vehicle: { id: number; name: string; vin: string } }) =>
  enqueueWebhookEvent({ db, companyId, dataset, eventType, orderingKey: `vehicle:${vehicle.id}`, data: { vehicle: { id: String(vehicle.id), name: vehicle.name, vin: vehicle.vin } } });
