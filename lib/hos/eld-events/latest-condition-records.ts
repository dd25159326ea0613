import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { eldEvents } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";

/** Table 6, type 7: codes 1 (malfunction) and 3 (data diagnostic) log one, 2 and 4 clear it. */
export const isLogged = (eventCode: number) => eventCode === 1 || eventCode === 3;

/**
 * The latest type 7 record of each ELD (`per: "vehicle"`) or driver (`per: "driver"`) and Table 4 code among those
 * `where` narrows to: whether it last logged or cleared that malfunction or diagnostic. One statement.
 */
export const latestConditionRecords = ({
  db,
  companyId,
  dataset,
  per,
  where,
}: Tenant & { db: Executor; per: "vehicle" | "driver"; where: SQL | undefined }) => {
  const key = per === "vehicle" ? eldEvents.vehicleId : eldEvents.driverId;
  return db
    .selectDistinctOn([key, eldEvents.diagnosticCode], {
      driverId: eldEvents.driverId,
      vehicleId: eldEvents.vehicleId,
      diagnosticCode: eldEvents.diagnosticCode,
      code: eldEvents.eventCode,
      at: eldEvents.eventAt,
    })
    .from(eldEvents)
    .where(and(eq(eldEvents.companyId, companyId), eq(eldEvents.dataset, dataset), eq(eldEvents.eventType, 7), where))
    .orderBy(key, eldEvents.diagnosticCode, desc(eldEvents.eventAt), desc(eldEvents.id));
};
