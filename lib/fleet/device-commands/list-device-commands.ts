import { and, desc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { deviceCommands } from "@/db/schema";
import type { TenantQuery } from "@/lib/platform/tenant";
import { toDeviceCommand } from "./device-command-record";

/** The vehicle's latest commands, newest first (the vehicle page's list). */
export const listDeviceCommands = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  limit = 10,
}: TenantQuery & { db: Database; vehicleId: number; limit?: number }) => {
  const rows = await db
    .select()
    .from(deviceCommands)
    .where(and(eq(deviceCommands.companyId, companyId), eq(deviceCommands.dataset, dataset), eq(deviceCommands.vehicleId, vehicleId)))
    .orderBy(desc(deviceCommands.id))
    .limit(limit);
  return rows.map(toDeviceCommand);
};
