import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { intArray } from "@/db/rows";
import { devices, vehicles } from "@/db/schema";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";

/** The vehicles an incident names, by id: name, and the tracker's identifier as Samsara's gateway serial. */
export const vehicleNames = async ({ db, tenant, vehicleIds }: { db: Executor; tenant: Tenant; vehicleIds: readonly number[] }) =>
  new Map(
    vehicleIds.length === 0
      ? []
      : (
          await db
            .select({ id: vehicles.id, name: vehicles.name, serial: devices.identifier })
            .from(vehicles)
            .leftJoin(devices, and(eq(devices.companyId, vehicles.companyId), eq(devices.vehicleId, vehicles.id)))
            .where(and(whereTenant(vehicles, tenant), sql`${vehicles.id} = any(${intArray(vehicleIds)})`))
        ).map((row) => [row.id, row]),
  );
