import { and, eq } from "drizzle-orm";
import { dvirDefects, faultCodes, vehicles } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { faultCodeLabel } from "@/lib/telemetry/vehicle-state/list-active-fault-codes";

/** The reasons a work order is opened for from a page other than the Maintenance page's service due. */
export type RepairSourceType = "dvirDefect" | "fault";

/**
 * What a new work order for a defect or a fault code starts from: its vehicle, a name for the reason, what is to
 * be done, and the inspection a defect was reported in.
 */
export type RepairSource = {
  sourceType: RepairSourceType;
  sourceId: number;
  vehicleId: number;
  vehicleName: string;
  name: string;
  description: string;
  dvirId: number | null;
};

const defectSource = async ({ db, companyId, dataset, sourceId }: TenantQuery & { sourceId: number }) => {
  const [row] = await db
    .select({
      vehicleId: dvirDefects.vehicleId,
      vehicleName: vehicles.name,
      dvirId: dvirDefects.dvirId,
      label: dvirDefects.defectTypeLabel,
      comment: dvirDefects.comment,
    })
    .from(dvirDefects)
    .innerJoin(vehicles, and(eq(vehicles.companyId, dvirDefects.companyId), eq(vehicles.id, dvirDefects.vehicleId)))
    .where(and(whereTenant(dvirDefects, { companyId, dataset }), eq(dvirDefects.id, sourceId)));
  if (!row) return undefined;
  const { label, comment, ...rest } = row;
  return { ...rest, name: label, description: comment ? `${label}: ${comment}` : label };
};

const faultSource = async ({ db, companyId, dataset, sourceId }: TenantQuery & { sourceId: number }) => {
  const [row] = await db
    .select({ fault: faultCodes, vehicleName: vehicles.name })
    .from(faultCodes)
    .innerJoin(vehicles, and(eq(vehicles.companyId, faultCodes.companyId), eq(vehicles.id, faultCodes.vehicleId)))
    .where(and(whereTenant(faultCodes, { companyId, dataset }), eq(faultCodes.id, sourceId)));
  if (!row) return undefined;
  const name = faultCodeLabel(row.fault);
  const description = row.fault.description ? `${name}: ${row.fault.description}` : name;
  return { vehicleId: row.fault.vehicleId, vehicleName: row.vehicleName, name, description, dvirId: null };
};

/** A defect or fault code of the tenant's, as a new work order for it starts; 404 for another tenant's or none. */
export const getRepairSource = async ({
  sourceType,
  sourceId,
  ...tenant
}: TenantQuery & { sourceType: RepairSourceType; sourceId: number }): Promise<RepairSource> => {
  const found = await (sourceType === "dvirDefect" ? defectSource : faultSource)({ ...tenant, sourceId });
  if (!found) throw new AppError("not_found", `No ${sourceType === "dvirDefect" ? "defect" : "fault code"} with id ${sourceId}.`);
  return { sourceType, sourceId, ...found };
};
