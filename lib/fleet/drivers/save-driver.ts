import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { companies, drivers, vehicles } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError, isUniqueViolation } from "@/lib/platform/errors";
import { enqueueWebhookEvent } from "@/lib/outbound/webhooks/enqueue-webhook-event";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/platform/tenant";
import type { CreateDriverInput, DriverInput } from "./driver-input";
import { getDriver } from "./get-driver";
import type { DriverRow } from "./list-drivers";

/**
 * The input as column values; a vehicle id must name one of the tenant's vehicles (else 400).
 * `password` is left out: it is accepted for Samsara's SDK and never stored (see driver-input).
 */
const toColumns = async ({ db, tenant, input }: { db: Executor; tenant: Tenant; input: DriverInput }) => {
  const { driverActivationStatus, staticAssignedVehicleId, password: _discarded, ...rest } = input;
  const columns: Partial<typeof drivers.$inferInsert> = { ...rest };
  if (driverActivationStatus !== undefined) columns.activationStatus = driverActivationStatus;
  if (staticAssignedVehicleId !== undefined) {
    columns.staticAssignedVehicleId = staticAssignedVehicleId === null ? null : Number(staticAssignedVehicleId);
    if (staticAssignedVehicleId !== null) {
      const [vehicle] = await db
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(whereTenant(vehicles, tenant), eq(vehicles.id, Number(staticAssignedVehicleId))));
      if (!vehicle) throw new AppError("bad_request", `Invalid value for "staticAssignedVehicleId": no vehicle with id ${staticAssignedVehicleId}.`);
    }
  }
  return columns;
};

const conflict = (username: string | undefined) => new AppError("conflict", `A driver with username "${username}" already exists.`);

/** DriverCreated / DriverUpdated for the tenant's webhooks, in the change's transaction. */
const raiseDriverEvent = ({
  db,
  companyId,
  dataset,
  eventType,
  driver,
}: Tenant & { db: Executor; eventType: "DriverCreated" | "DriverUpdated"; driver: { id: number; name: string; username: string } }) =>
  enqueueWebhookEvent({
    db,
    companyId,
    dataset,
    eventType,
    orderingKey: `driver:${driver.id}`,
    data: { driver: { id: String(driver.id), name: driver.name, username: driver.username } },
  });

/** Who saves, for the audit log: the event is written in the change's own transaction. */
type Audited = { actor: AuditActor };

/** Creates a driver in the tenant's dataset; 409 when the username is taken there. */
export const createDriver = async ({ db, companyId, dataset, input, actor }: TenantQuery & Audited & { input: CreateDriverInput }): Promise<DriverRow> => {
  const id = await db
    .transaction(async (tx) => {
      const columns = await toColumns({ db: tx, tenant: { companyId, dataset }, input });
      // A new driver keeps the company's HOS rules (Company settings).
      const [company] = await tx.select({ hosRules: companies.hosRules }).from(companies).where(eq(companies.id, companyId));
      const hosRuleset = company && company.hosRules !== "none" ? company.hosRules : undefined;
      const [row] = await tx
        .insert(drivers)
        .values({ ...columns, hosRuleset, name: input.name, username: input.username, companyId, dataset })
        .onConflictDoNothing({ target: [drivers.companyId, drivers.dataset, drivers.username] })
        .returning({ id: drivers.id });
      if (!row) throw conflict(input.username);
      const created = { ...columns, name: input.name, username: input.username, dataset };
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action: "driver.created",
        target: { type: "driver", id: row.id },
        changes: changedFields({ before: null, after: created }),
      });
      await raiseDriverEvent({ db: tx, companyId, dataset, eventType: "DriverCreated", driver: { id: row.id, name: input.name, username: input.username } });
      return row.id;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict(input.username) : error;
    });
  return getDriver({ db, companyId, dataset, driverId: id });
};

/**
 * Updates the given fields of one of the tenant's drivers; 404 for another tenant's driver, 409 for a
 * taken username. The audit event holds the fields whose values changed (none changed: no event);
 * setting the status to deactivated is `driver.deactivated`.
 */
export const updateDriver = async ({
  db,
  companyId,
  dataset,
  driverId,
  input,
  actor,
}: TenantQuery & Audited & { driverId: number; input: DriverInput }): Promise<DriverRow> => {
  await db
    .transaction(async (tx) => {
      const columns = await toColumns({ db: tx, tenant: { companyId, dataset }, input });
      const tenantDriver = and(whereTenant(drivers, { companyId, dataset }), eq(drivers.id, driverId));
      const [before] = await tx.select().from(drivers).where(tenantDriver).for("update");
      if (!before) throw new AppError("not_found", `No driver with id ${driverId}.`);
      // A deactivated driver's logbook sessions end at their next request.
      const deactivating = columns.activationStatus === "deactivated" && before.activationStatus !== "deactivated";
      await tx
        .update(drivers)
        .set({ ...columns, updatedAt: sql`now()`, ...(deactivating ? { sessionVersion: sql`${drivers.sessionVersion} + 1` } : {}) })
        .where(tenantDriver);
      const changes = changedFields({ before, after: columns });
      if (Object.keys(changes).length === 0) return;
      const action = changes.activationStatus?.after === "deactivated" ? "driver.deactivated" : "driver.updated";
      await recordAuditEvent({ db: tx, companyId, actor, action, target: { type: "driver", id: driverId }, changes });
      await raiseDriverEvent({
        db: tx,
        companyId,
        dataset,
        eventType: "DriverUpdated",
        driver: { id: driverId, name: columns.name ?? before.name, username: columns.username ?? before.username },
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict(input.username) : error;
    });
  return getDriver({ db, companyId, dataset, driverId });
};
