import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { ingestTelemetry } from "@/lib/telemetry/store";
import type { WindowOutput } from "./vehicle-reports";

const array = (values: unknown[]) => sql.param(values);
const iso = (time: number) => new Date(time).toISOString();

/**
 * Writes one simulated window in ONE transaction: telemetry through the ingestion service, duty
 * changes, and fault codes. Every part is idempotent, so re-covering a window after a restart
 * stores nothing twice.
 */
export const writeWindow = async ({ db, output }: { db: Database; output: WindowOutput }) =>
  db.transaction(async (tx) => {
    const result = await ingestTelemetry({ db: tx, batch: { positions: output.positions, stats: output.stats } });
    const { duty, faultsRaised, faultsCleared } = output;
    if (duty.length > 0) {
      await tx.execute(sql`
        insert into hos_logs (company_id, dataset, driver_id, vehicle_id, status, start_time, latitude, longitude, origin)
        select company_id, dataset, driver_id, vehicle_id, status, start_time, latitude, longitude, 'simulator'
        from unnest(${array(duty.map((d) => d.vehicle.companyId))}::int[], ${array(duty.map((d) => d.vehicle.dataset))}::text[],
          ${array(duty.map((d) => d.vehicle.driverId))}::int[], ${array(duty.map((d) => d.vehicle.vehicleId))}::int[],
          ${array(duty.map((d) => d.status))}::text[], ${array(duty.map((d) => iso(d.time)))}::timestamptz[],
          ${array(duty.map((d) => d.latitude))}::float8[], ${array(duty.map((d) => d.longitude))}::float8[])
          as t(company_id, dataset, driver_id, vehicle_id, status, start_time, latitude, longitude)
        on conflict (company_id, driver_id, start_time) do nothing`);
    }
    if (faultsRaised.length > 0) {
      const column = <T>(pick: (entry: WindowOutput["faultsRaised"][number]) => T) => array(faultsRaised.map(pick));
      await tx.execute(sql`
        insert into fault_codes (company_id, dataset, vehicle_id, protocol, spn_id, fmi_id, source_address, dtc_short_code, description,
          occurrence_count, mil_status, first_seen_at, last_seen_at)
        select t.*, t.first_seen_at from unnest(${column((e) => e.vehicle.companyId)}::int[], ${column((e) => e.vehicle.dataset)}::text[],
          ${column((e) => e.vehicle.vehicleId)}::int[], ${column((e) => e.fault.protocol)}::text[], ${column((e) => e.fault.spnId)}::int[],
          ${column((e) => e.fault.fmiId)}::int2[], ${column((e) => e.fault.sourceAddress)}::int2[], ${column((e) => e.fault.dtcShortCode)}::text[],
          ${column((e) => e.fault.description)}::text[], ${column((e) => e.fault.occurrenceCount)}::int[], ${column((e) => e.fault.milStatus)}::bool[],
          ${column((e) => iso(e.fault.firstSeenAt))}::timestamptz[])
          as t(company_id, dataset, vehicle_id, protocol, spn_id, fmi_id, source_address, dtc_short_code, description, occurrence_count, mil_status,
            first_seen_at)
        on conflict (company_id, vehicle_id, first_seen_at) do nothing`);
    }
    if (faultsCleared.length > 0) {
      await tx.execute(sql`
        update fault_codes f set cleared_at = t.cleared_at, last_seen_at = t.cleared_at
        from unnest(${array(faultsCleared.map((e) => e.vehicle.companyId))}::int[], ${array(faultsCleared.map((e) => e.vehicle.vehicleId))}::int[],
          ${array(faultsCleared.map((e) => iso(e.fault.firstSeenAt)))}::timestamptz[],
            ${array(faultsCleared.map((e) => iso(e.fault.clearedAt)))}::timestamptz[])
          as t(company_id, vehicle_id, first_seen_at, cleared_at)
        where f.company_id = t.company_id and f.vehicle_id = t.vehicle_id and f.first_seen_at = t.first_seen_at and f.cleared_at is null`);
    }
    return result;
  });
