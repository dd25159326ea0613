import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { vehicles, type Dataset } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";

/** 404 naming the first asset id that is not one of the tenant's vehicles (another company's ids included). */
export const requireTenantVehicles = async ({
  db,
  companyId,
  dataset,
  vehicleIds,
}: {
  db: Executor;
  companyId: number;
  dataset: Dataset;
  vehicleIds: number[];
}) => {
  const wanted = [...new Set(vehicleIds)];
  const found = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.companyId, companyId), eq(vehicles.dataset, dataset), inArray(vehicles.id, wanted)));
  const known = new Set(found.map((row) => row.id));
  const missing = wanted.find((id) => !known.has(id));
  if (missing !== undefined) throw new AppError("not_found", `Asset ${missing} not found.`);
};
