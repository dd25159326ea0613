import { and, eq, inArray } from "drizzle-orm";
import { analyzeTables } from "@/db/analyze-tables";
import { tagVehicles, vehicles } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";
import { parseVehiclesCsv, type CsvProblem, type CsvVehicleRow } from "./parse-vehicles-csv";
import { isUniqueViolation, toVehicleColumns } from "./vehicle-columns";
import { updateVehiclesInBulk } from "./update-vehicles-in-bulk";
import { raiseVehicleEvents } from "./vehicle-events";

/** What to do with a row whose VIN the dataset already has: change that vehicle, or refuse the row. */
export type ExistingVinPolicy = "update" | "refuse";

export type VehicleImportResult = { imported: true; created: number; updated: number } | { imported: false; problems: CsvProblem[] };

const INSERT_CHUNK = 1_000;
/** Files of this many rows or more refresh the statistics of the tables they wrote (a small file hardly changes them). */
const ANALYZE_AFTER_ROWS = 500;

/** Replaces the tags of the rows that name a `tags` column (one delete, one insert for the whole file). */
const writeTags = async ({ db, companyId, rows }: { db: TenantQuery["db"]; companyId: number; rows: { vehicleId: number; tagIds: string[] }[] }) => {
  if (rows.length === 0) return;
  await db.delete(tagVehicles).where(
    and(
      eq(tagVehicles.companyId, companyId),
      inArray(
        tagVehicles.vehicleId,
        rows.map((row) => row.vehicleId),
      ),
    ),
  );
  const memberships = rows.flatMap((row) => row.tagIds.map((tagId) => ({ companyId, tagId: Number(tagId), vehicleId: row.vehicleId })));
  for (let i = 0; i < memberships.length; i += INSERT_CHUNK) await db.insert(tagVehicles).values(memberships.slice(i, i + INSERT_CHUNK));
};

/**
 * Imports a vehicle CSV all or nothing: the file is checked again (never trust an earlier preview),
 * and with any bad row — or, under "refuse", any VIN the dataset has — nothing is written and every
 * such row comes back with its line. Otherwise one transaction creates the new vehicles and updates
 * the existing ones, raises their webhook events and records one audit event for the import.
 */
export const importVehicles = async ({
  db,
  companyId,
  dataset,
  csv,
  onExisting,
  actor,
}: TenantQuery & { csv: string; onExisting: ExistingVinPolicy; actor: AuditActor }): Promise<VehicleImportResult> => {
  const { rows, problems } = await parseVehiclesCsv({ db, companyId, dataset, csv });
  const refused: CsvProblem[] =
    onExisting === "refuse"
      ? rows
          .filter((row) => row.existingVehicleId !== null)
          .map((row) => ({ line: row.line, message: `vin: a vehicle with VIN ${row.input.vin} already exists` }))
      : [];
  const allProblems = [...problems, ...refused].sort((a, b) => a.line - b.line);
  if (allProblems.length > 0) return { imported: false, problems: allProblems };
  if (rows.length === 0) throw new AppError("bad_request", "The file has no vehicle rows.");
  const fresh = rows.filter((row) => row.existingVehicleId === null);
  const existing = rows.filter((row): row is CsvVehicleRow & { existingVehicleId: number } => row.existingVehicleId !== null);
  await db
    .transaction(async (tx) => {
      const createdIds: number[] = [];
      for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
        const chunk = fresh.slice(i, i + INSERT_CHUNK);
        const created = await tx
          .insert(vehicles)
          .values(chunk.map(({ input }) => ({ ...toVehicleColumns(input), name: input.name, vin: input.vin, companyId, dataset })))
          .returning({ id: vehicles.id });
        createdIds.push(...created.map((row) => row.id));
      }
      await updateVehiclesInBulk({
        db: tx,
        companyId,
        dataset,
        rows: existing.map(({ input, existingVehicleId }) => ({ id: existingVehicleId, columns: toVehicleColumns(input) })),
      });
      const saved = [
        ...fresh.map((row, k) => ({ row, vehicleId: createdIds[k], eventType: "VehicleCreated" as const })),
        ...existing.map((row) => ({ row, vehicleId: row.existingVehicleId, eventType: "VehicleUpdated" as const })),
      ];
      await writeTags({ db: tx, companyId, rows: saved.flatMap(({ row, vehicleId }) => (row.input.tagIds ? [{ vehicleId, tagIds: row.input.tagIds }] : [])) });
      for (const eventType of ["VehicleCreated", "VehicleUpdated"] as const) {
        const raised = saved
          .filter((entry) => entry.eventType === eventType)
          .map(({ row, vehicleId }) => ({ id: vehicleId, name: row.input.name, vin: row.input.vin }));
        await raiseVehicleEvents({ db: tx, companyId, dataset, eventType, vehicles: raised });
      }
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action: "vehicle.imported",
        target: { type: "vehicle", id: "csv" },
        changes: {
          created: { before: null, after: fresh.map((row) => row.input.vin) },
          updated: { before: null, after: existing.map((row) => row.input.vin) },
          dataset: { before: null, after: dataset },
        },
      });
    })
    .catch((error: unknown) => {
      // Another writer took a VIN between the check and the insert: the transaction rolled back.
      if (isUniqueViolation(error))
        throw new AppError("conflict", "A VIN in the file was added by someone else during the import; nothing was imported. Check the file again.");
      throw error;
    });
  // Until autovacuum's next pass the planner would plan a new company's thousands of vehicles as none.
  if (rows.length >= ANALYZE_AFTER_ROWS) await analyzeTables({ db, tables: [vehicles, tagVehicles] });
  return { imported: true, created: fresh.length, updated: existing.length };
};
