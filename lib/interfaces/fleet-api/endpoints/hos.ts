import { findVehiclesForDrivers } from "@/lib/fleet/assignments";
import { computeDriversClocks, hosCalendarOf } from "@/lib/hos/records/compute-drivers-clocks";
import { HOS_LOOKBACK_MS, loadDutyLogs } from "@/lib/hos/records/load-duty-logs";
import { listDrivers, type DriverRow } from "@/lib/fleet/drivers";
import { AppError } from "@/lib/platform/errors";
import { buildDailyLogs, findHosViolations } from "@/lib/hos/rules";
import { createDriverCalendar } from "@/lib/hos/rules/driver-calendar";
import { parseTimeRange, type TimeRange } from "@/lib/platform/time-range";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { readAfterId, toKeysetPage } from "../pagination";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import * as queries from "../queries";
import type { HosClocksQuery, HosDailyLogsQuery, HosRangeQuery, HosViolationsQuery } from "../queries";
import { FLEET_RESPONSES } from "../response-schemas";
import { ref } from "../records/common";
import {
  presentHosClock,
  presentHosDailyLog,
  presentHosLogs,
  presentHosViolation,
  type HosClockRecord,
  type HosDailyLogRecord,
  type HosDriverViolationsRecord,
  type HosLogsRecord,
} from "../records/hos-record";
import { cursorScope, type EndpointContext } from "./context";

const DAY_MS = 86_400_000;

/** Pages of drivers (keyset by id, active ones unless the query asks otherwise); each HOS endpoint computes its records for the drivers of one page. */
export const pageDrivers = async <T>({
  db,
  tenant,
  query,
  endpoint,
  present,
}: EndpointContext & {
  query: HosClocksQuery & { driverActivationStatus?: "active" | "deactivated" };
  endpoint: string;
  /** One record per driver, or a list of records per driver. */
  present: (drivers: DriverRow[]) => Promise<(T | T[])[]>;
}) => {
  const activationStatus = query.driverActivationStatus ?? "active";
  const scope = cursorScope(`${endpoint}?${activationStatus}`, tenant);
  const rows = await listDrivers({
    db,
    ...tenant,
    driverIds: query.driverIds,
    activationStatus,
    afterId: readAfterId({ after: query.after, scope }),
    limit: query.limit + 1,
  });
  const page = toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (drivers) => drivers });
  return { data: (await present(page.data)).flat() as T[], pagination: page.pagination };
};

/** startTime/endTime, or the last 24 hours when both are absent. */
export const rangeOf = (query: HosRangeQuery, now: Date): TimeRange =>
  query.startTime === undefined && query.endTime === undefined
    ? { start: new Date(now.getTime() - DAY_MS), end: now }
    : parseTimeRange({ start: query.startTime, end: query.endTime, names: ["startTime", "endTime"] });

/**
 * Samsara's local dates (startDate..endDate, inclusive) as the instants to replay: every driver's
 * day with such a date lies within a day either side in UTC (zones run from -12 to +14 hours);
 * the days are then picked by date. Never past `now`, so today's log is not padded with future time.
 */
const dateRangeOf = ({ startDate, endDate }: HosDailyLogsQuery, now: Date): (TimeRange & { dates: [string, string] }) | null => {
  if (startDate === undefined && endDate === undefined) return null;
  if (startDate === undefined || endDate === undefined) throw new AppError("bad_request", '"startDate" and "endDate" go together.');
  const dayAfterEnd = new Date(Date.parse(endDate) + DAY_MS).toISOString();
  parseTimeRange({ start: startDate, end: dayAfterEnd, names: ["startDate", "endDate"] });
  const start = new Date(Date.parse(startDate) - DAY_MS);
  const end = new Date(Math.min(now.getTime(), Date.parse(endDate) + 3 * DAY_MS));
  return { start, end: end > start ? end : new Date(start.getTime() + 1), dates: [startDate, endDate] };
};

/** GET /fleet/hos/clocks: each active driver's clocks now. */
export const listHosClocksPage = ({ db, tenant, version, query, now = new Date() }: EndpointContext & { query: HosClocksQuery; now?: Date }) =>
  pageDrivers<HosClockRecord>({
    db,
    tenant,
    version,
    query,
    endpoint: "fleet/hos/clocks",
    present: async (drivers) => {
      const computed = await computeDriversClocks({ db, ...tenant, drivers, at: now });
      // An assignment covering now wins, then the vehicle of the driver's last log entry, then the static vehicle.
      const assigned = await findVehiclesForDrivers({ db, ...tenant, driverIds: drivers.map((driver) => driver.id), at: now });
      const currentVehicleIds = new Map(
        computed.map(({ driver, lastEntry }) => {
          const vehicle = assigned.get(driver.id);
          return [driver.id, Number((vehicle?.assignmentId != null ? vehicle.id : undefined) ?? lastEntry?.vehicleId ?? vehicle?.id ?? 0)];
        }),
      );
      const ids = [...new Set(currentVehicleIds.values())].filter((id) => id > 0);
      const vehicles = new Map(
        (ids.length ? await listVehicles({ db, ...tenant, vehicleIds: ids, archive: "all", limit: ids.length }) : []).map((v) => [v.id, v]),
      );
      return computed.map(({ driver, clocks }) => presentHosClock({ driver, vehicle: vehicles.get(currentVehicleIds.get(driver.id) ?? 0), clocks }));
    },
  });

/** GET /fleet/hos/logs: each driver's duty-status entries overlapping the range. */
export const listHosLogsPage = ({ db, tenant, version, query, now = new Date() }: EndpointContext & { query: HosRangeQuery; now?: Date }) => {
  const range = rangeOf(query, now);
  return pageDrivers<HosLogsRecord>({
    db,
    tenant,
    version,
    query,
    endpoint: "fleet/hos/logs",
    present: async (drivers) => {
      const logs = await loadDutyLogs({ db, ...tenant, driverIds: drivers.map((d) => d.id), from: range.start, to: range.end });
      return drivers.map((driver) => presentHosLogs(driver, logs.get(driver.id) ?? []));
    },
  });
};

/** GET /fleet/hos/daily-logs: each driver's days overlapping the range. */
export const listHosDailyLogsPage = ({ db, tenant, version, query, now = new Date() }: EndpointContext & { query: HosDailyLogsQuery; now?: Date }) => {
  if (query.startDate !== undefined && (query.startTime !== undefined || query.endTime !== undefined)) {
    throw new AppError("bad_request", 'Give "startDate"/"endDate" or "startTime"/"endTime", not both.');
  }
  const dates = dateRangeOf(query, now);
  const range = dates ?? rangeOf(query, now);
  const wanted = (date: string) => dates === null || (date >= dates.dates[0] && date <= dates.dates[1]);
  return pageDrivers<HosDailyLogRecord>({
    db,
    tenant,
    version,
    query,
    endpoint: "fleet/hos/daily-logs",
    present: async (drivers) => {
      const logs = await loadDutyLogs({
        db,
        ...tenant,
        driverIds: drivers.map((d) => d.id),
        from: new Date(range.start.getTime() - HOS_LOOKBACK_MS),
        to: range.end,
      });
      return drivers.map((driver) =>
        buildDailyLogs({ log: logs.get(driver.id) ?? [], from: range.start, to: range.end, ...hosCalendarOf(driver) })
          .filter((day) => wanted(day.date))
          .map((day) => presentHosDailyLog(driver, day)),
      );
    },
  });
};

/** GET /fleet/hos/violations: per driver (Samsara's `data[].violations[]`), the violations overlapping the range. */
export const listHosViolationsPage = ({ db, tenant, version, query, now = new Date() }: EndpointContext & { query: HosViolationsQuery; now?: Date }) => {
  const range = rangeOf(query, now);
  const wanted = (type: string) => query.types === undefined || (query.types as readonly string[]).includes(type);
  return pageDrivers<HosDriverViolationsRecord>({
    db,
    tenant,
    version,
    query,
    endpoint: "fleet/hos/violations",
    present: async (drivers) => {
      const logs = await loadDutyLogs({
        db,
        ...tenant,
        driverIds: drivers.map((d) => d.id),
        from: new Date(range.start.getTime() - HOS_LOOKBACK_MS),
        to: range.end,
      });
      return drivers.map((driver) => {
        const calendar = createDriverCalendar(hosCalendarOf(driver));
        const violations = findHosViolations({ log: logs.get(driver.id) ?? [], from: range.start, to: range.end, ...hosCalendarOf(driver) }).filter(
          (violation) => wanted(violation.type),
        );
        return {
          driver: ref(driver),
          violations: violations.map((violation) => presentHosViolation(driver, violation, calendar.dayContaining(violation.startTime.getTime()))),
        };
      });
    },
  });
};

export const hosEndpoint = {
  method: "GET",
  scope: "hos:read",
  listKeys: queries.LIST_PARAMS,
  tagFilter: { members: "drivers", narrows: "driverIds" },
} as const;

export const hosClocksEndpoint = defineFleetEndpoint({
  ...hosEndpoint,
  path: "/fleet/hos/clocks",
  summary: "Current HOS clocks",
  query: queries.hosClocksQuerySchema,
  response: FLEET_RESPONSES.hosClocks,
  run: listHosClocksPage,
});

export const hosLogsEndpoint = defineFleetEndpoint({
  ...hosEndpoint,
  path: "/fleet/hos/logs",
  summary: "HOS log entries",
  query: queries.hosRangeQuerySchema,
  response: FLEET_RESPONSES.hosLogs,
  run: listHosLogsPage,
});

export const hosDailyLogsEndpoint = defineFleetEndpoint({
  ...hosEndpoint,
  path: "/fleet/hos/daily-logs",
  summary: "HOS daily logs",
  query: queries.hosDailyLogsQuerySchema,
  response: FLEET_RESPONSES.hosDailyLogs,
  run: listHosDailyLogsPage,
});

export const hosViolationsEndpoint = defineFleetEndpoint({
  ...hosEndpoint,
  path: "/fleet/hos/violations",
  summary: "HOS violations",
  query: queries.hosViolationsQuerySchema,
  response: FLEET_RESPONSES.hosViolations,
  run: listHosViolationsPage,
});
