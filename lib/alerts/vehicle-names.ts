import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { devices, vehicles } from "@/db/schema";
import { whereTenant, type Tenant } from "@/lib/tenant";

/** The vehicles an incident names, by id: name, and the tracker's identifier as Samsara's gateway serial. */
export const vehicleNames = async ({ db, tenant, vehicleIds }: { db: Executor; tenant: Tenant; vehicleIds: readonly number[] }) =>
  new Map(
    vehicleIds.length === 0
      ? []
      : (await db
          .select({ id: vehicles.id, name: vehicles.name, serial: devices.identifier })
          .from(vehicles)
          .leftJoin(devices, and(eq(devices.companyId, vehicles.companyId), eq(devices.vehicleId, vehicles.id)))
          .where(and(whereTenant(vehicles, tenant), inArray(vehicles.id, [...vehicleIds])))).map((row) => [row.id, row]),
  );
