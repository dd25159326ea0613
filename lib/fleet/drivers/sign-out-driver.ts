import { and, eq, sql } from "drizzle-orm";
import { drivers } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";

/**
 * Ends one of the tenant's drivers' logbook sessions on every device: their session version rises,
 * so each session signed in before it fails its next check (lib/hos/logbook/driver-session-check.ts).
 * Returns the driver's name; 404 for another tenant's driver.
 */
export const signOutDriver = async ({
  db,
  companyId,
  dataset,
  driverId,
  actor,
}: TenantQuery & { driverId: number; actor: AuditActor }): Promise<{ name: string }> =>
  db.transaction(async (tx) => {
    const [driver] = await tx
      .update(drivers)
      .set({ sessionVersion: sql`${drivers.sessionVersion} + 1` })
      .where(and(whereTenant(drivers, { companyId, dataset }), eq(drivers.id, driverId)))
      .returning({ name: drivers.name });
    if (!driver) throw new AppError("not_found", `No driver with id ${driverId}.`);
    await recordAuditEvent({ db: tx, companyId, actor, action: "driver.signed_out", target: { type: "driver", id: driverId } });
    return driver;
  });
