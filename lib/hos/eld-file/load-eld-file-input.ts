import { createHash } from "node:crypto";
import { and, eq, gte, inArray, lt } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { companies, hosCertifications, hosLogEdits, hosLogs, unassignedDriving, users, type DutyStatus } from "@/db/schema";
import { findVehicleForDriver } from "@/lib/fleet/assignments";
import { getDriver, type DriverRow } from "@/lib/fleet/drivers";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { findCouplings } from "@/lib/fleet/trailers/find-couplings";
import { calendarDayOf } from "@/lib/hos/records/certified-days";
import { createDriverCalendar } from "@/lib/hos/rules/driver-calendar";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { eldText, powerUnitNumberOf } from "./build-eld-file";
import type { EldFileInput, EldRecordEvent, EldUser, EldVehicle, EventRecordOrigin, EventRecordStatus } from "./eld-file-input";

const DAY_MS = 86_400_000;
/** A carrier keeps a driver's records six months (49 CFR 395.8(k)): the oldest day a carrier's file may start on. */
export const ELD_FILE_MAX_AGE_DAYS = 183;

export type EldFileRange = { from: Date; to: Date; firstDate: string; lastDate: string };

const shiftDate = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/**
 * The days a file covers, on the driver's calendar (home terminal zone and 24-hour period start): at
 * roadside the current day and the previous 7 (Appendix A 4.9.1); for the carrier any days from
 * `start` to `end` (YYYY-MM-DD) within the last six months. The range ends at `now` at the latest.
 */
export const eldFileRange = ({
  driver,
  now,
  start,
  end,
}: {
  driver: Pick<DriverRow, "timezone" | "dayStartHour">;
  now: Date;
  start?: string;
  end?: string;
}): EldFileRange => {
  const today = createDriverCalendar({ timezone: driver.timezone, dayStartHour: driver.dayStartHour }).dayContaining(now.getTime()).date;
  const lastDate = end ?? today;
  const firstDate = start ?? shiftDate(lastDate, -7);
  for (const [name, value] of [
    ["start", firstDate],
    ["end", lastDate],
  ] as const) {
    if (!isDate(value)) throw new AppError("bad_request", `Invalid value for "${name}": expected YYYY-MM-DD.`);
  }
  if (firstDate > lastDate) throw new AppError("bad_request", 'Invalid value for "start": after "end".');
  if (lastDate > today) throw new AppError("bad_request", `Invalid value for "end": ${lastDate} has not begun.`);
  if (firstDate < shiftDate(today, -ELD_FILE_MAX_AGE_DAYS)) throw new AppError("bad_request", 'Invalid value for "start": at most six months back.');
  return {
    from: new Date(calendarDayOf(driver, firstDate).startMs),
    to: new Date(Math.min(calendarDayOf(driver, lastDate).endMs, now.getTime())),
    firstDate,
    lastDate,
  };
};

/** Type 1 codes (Table 6) of the stored statuses, and the type 3 indication PC and yard moves add. */
const DUTY_CODE: Record<DutyStatus, 1 | 2 | 3 | 4> = { offDuty: 1, sleeperBed: 2, driving: 3, onDuty: 4, personalConveyance: 1, yardMove: 4 };
const INDICATION: Partial<Record<DutyStatus, 1 | 2>> = { personalConveyance: 1, yardMove: 2 };

/** A person's name as the file's first and last name (the last word is the last name). */
const splitName = (name: string) => {
  const words = eldText(name, 61).split(/\s+/).filter(Boolean);
  const lastName = words.length > 1 ? words.at(-1)! : (words[0] ?? "Unknown");
  const firstName = words.length > 1 ? words.slice(0, -1).join(" ") : lastName;
  return { firstName: firstName.slice(0, 30), lastName: lastName.slice(0, 30) };
};

type Recorded = { recordedAt: Date; order: number; assign: (sequenceId: number) => void };

/**
 * Reads what a driver's ELD output file shows over `range` from the stored HOS records: the duty-status
 * entries (automatic, the driver's, those a manager's accepted edit made, those assumed from unassigned
 * driving), the entries accepted edits replaced (inactive-changed), pending and rejected edits, the
 * certifications, and the unassigned driving of the vehicles the driver used. Logins, engine power
 * events and malfunctions are not recorded by the service yet: their segments are empty.
 */
export const loadEldFileInput = async ({
  db,
  companyId,
  dataset,
  driverId,
  range,
  now,
  outputFileComment,
}: TenantQuery & { driverId: number; range: EldFileRange; now: Date; outputFileComment: string }): Promise<EldFileInput> => {
  const driver = await getDriver({ db, companyId, dataset, driverId });
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  const inRange = (column: AnyPgColumn) => and(gte(column, range.from), lt(column, range.to));
  const tenantOf = (table: Parameters<typeof whereTenant>[0]) => whereTenant(table, { companyId, dataset });
  const [logs, edits, certifications] = await Promise.all([
    db
      .select()
      .from(hosLogs)
      .where(and(tenantOf(hosLogs), eq(hosLogs.driverId, driverId), inRange(hosLogs.startTime))),
    db
      .select()
      .from(hosLogEdits)
      .where(
        and(
          tenantOf(hosLogEdits),
          eq(hosLogEdits.driverId, driverId),
          lt(hosLogEdits.startTime, range.to),
          gte(hosLogEdits.startTime, new Date(range.from.getTime() - 30 * DAY_MS)),
        ),
      ),
    db
      .select()
      .from(hosCertifications)
      .where(
        and(
          tenantOf(hosCertifications),
          eq(hosCertifications.driverId, driverId),
          gte(hosCertifications.logDate, range.firstDate),
          lt(hosCertifications.logDate, shiftDate(range.lastDate, 1)),
        ),
      ),
  ]);
  logs.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  const vehicleIds = new Set(logs.flatMap((entry) => (entry.vehicleId === null ? [] : [entry.vehicleId])));
  const current = await findVehicleForDriver({ db, companyId, dataset, driverId, at: now });
  if (current) vehicleIds.add(current.id);
  const unassigned =
    vehicleIds.size === 0
      ? []
      : await db
          .select()
          .from(unassignedDriving)
          .where(and(tenantOf(unassignedDriving), inArray(unassignedDriving.vehicleId, [...vehicleIds]), inRange(unassignedDriving.startTime)));
  const assumed = new Set(
    unassigned.filter((segment) => segment.status === "accepted" && segment.driverId === driverId).map((segment) => segment.startTime.getTime()),
  );
  const rows = vehicleIds.size > 0 ? await listVehicles({ db, companyId, dataset, vehicleIds: [...vehicleIds], archive: "all", limit: vehicleIds.size }) : [];
  // The trailers a vehicle's record names: as typed on the vehicle, else those coupled in the period to it or by the driver.
  const couplings = await findCouplings({
    db,
    companyId,
    dataset,
    range: { start: range.from, end: range.to },
    driverIds: [driverId],
    vehicleIds: [...vehicleIds],
  });
  const coupledTo = (vehicleId: number) => [
    ...new Set(couplings.filter((coupling) => coupling.vehicleId === vehicleId || coupling.driverId === driverId).map((coupling) => coupling.trailerName)),
  ];
  const vehicles: EldVehicle[] = rows.map((row) => ({
    key: String(row.id),
    powerUnitNumber: powerUnitNumberOf(row),
    vin: row.vin,
    trailers: row.trailers || coupledTo(row.id).join(" "),
  }));

  // Support personnel who proposed edits: their sign-in e-mail is their ELD username.
  const proposerIds = [...new Set(edits.flatMap((edit) => (edit.proposedById && /^\d+$/.test(edit.proposedById) ? [Number(edit.proposedById)] : [])))];
  const proposers =
    proposerIds.length > 0
      ? await db
          .select({ id: users.id, email: users.email, name: users.name })
          .from(users)
          .where(and(eq(users.companyId, companyId), inArray(users.id, proposerIds)))
      : [];
  const otherUsers = new Map<string, EldUser>();
  const proposerKey = (edit: (typeof edits)[number]) => {
    const key = `user:${edit.proposedById ?? edit.proposedByName}`;
    if (!otherUsers.has(key)) {
      const user = proposers.find((row) => String(row.id) === edit.proposedById);
      otherUsers.set(key, {
        key,
        accountType: "S",
        ...splitName(user?.name ?? edit.proposedByName),
        username: eldText(user?.email ?? edit.proposedByName, 60),
      });
    }
    return key;
  };

  const driverKey = `driver:${driverId}`;
  const recorded: Recorded[] = [];
  const events: EldRecordEvent[] = [];
  const record = (recordedAt: Date, event: Omit<EldRecordEvent, "sequenceId">) => {
    const made: EldRecordEvent = { ...event, sequenceId: 0 };
    events.push(made);
    recorded.push({ recordedAt, order: recorded.length, assign: (id) => (made.sequenceId = id) });
  };
  const base = (status: DutyStatus, at: Date, vehicleId: number | null, position: { latitude: number; longitude: number } | null) => ({
    vehicleKey: vehicleId === null ? null : String(vehicleId),
    accumulatedMiles: null,
    elapsedEngineHours: null,
    position,
    reducedPrecision: status === "personalConveyance",
    malfunction: false,
    diagnostic: false,
    at,
  });
  const positionOf = (entry: { latitude: number | null; longitude: number | null }) =>
    entry.latitude === null || entry.longitude === null ? null : { latitude: entry.latitude, longitude: entry.longitude };
  const acceptedAt = (entry: (typeof logs)[number]) =>
    edits.find(
      (edit) => edit.state === "accepted" && edit.answeredAt && edit.startTime.getTime() === entry.startTime.getTime() && edit.status === entry.status,
    );

  // The active log: each entry a duty-status event (with its PC or yard-move indication and its clearing).
  logs.forEach((entry, index) => {
    const edit = acceptedAt(entry);
    const origin: EventRecordOrigin = edit ? 3 : assumed.has(entry.startTime.getTime()) ? 4 : entry.origin === "manual" ? 2 : 1;
    const common = { ...base(entry.status, entry.startTime, entry.vehicleId, positionOf(entry)), status: 1 as EventRecordStatus, origin };
    const originatorKey = edit ? proposerKey(edit) : driverKey;
    const manualPlace = entry.origin === "manual" && !positionOf(entry) && entry.locationName ? entry.locationName : "";
    const indication = INDICATION[entry.status];
    const previous = logs[index - 1];
    // Leaving PC or a yard move: the indication is cleared, then the new status recorded.
    if (previous && INDICATION[previous.status] && !indication) {
      record(entry.createdAt, { ...common, type: 3, code: 0, originatorKey, comment: "", locationDescription: "", reducedPrecision: false });
    }
    record(entry.createdAt, { ...common, type: 1, code: DUTY_CODE[entry.status], originatorKey, comment: entry.remark, locationDescription: manualPlace });
    if (indication) record(entry.createdAt, { ...common, type: 3, code: indication, originatorKey, comment: "", locationDescription: "" });
  });

  // Edits: the entries an accepted edit replaced (inactive-changed), and the proposals still pending or rejected.
  for (const edit of edits) {
    const originatorKey = proposerKey(edit);
    if (edit.state === "accepted") {
      for (const entry of edit.superseded) {
        const at = new Date(entry.startTime);
        if (at < range.from || at >= range.to) continue;
        const origin: EventRecordOrigin = entry.origin === "manual" ? 2 : 1;
        record(edit.answeredAt ?? edit.proposedAt, {
          ...base(entry.status, at, null, null),
          status: 2,
          origin,
          type: 1,
          code: DUTY_CODE[entry.status],
          originatorKey: driverKey,
          comment: entry.remark,
          locationDescription: "",
        });
      }
    } else if (edit.startTime >= range.from) {
      record(edit.proposedAt, {
        ...base(edit.status, edit.startTime, null, null),
        status: edit.state === "pending" ? 3 : 4,
        origin: 3,
        type: 1,
        code: DUTY_CODE[edit.status],
        originatorKey,
        comment: eldText(edit.reason, 60),
        locationDescription: "",
      });
    }
  }

  // The unidentified driver profile: driving when the vehicle moved off, on duty when it came to rest.
  const unidentifiedEvents: EldRecordEvent[] = [];
  for (const segment of unassigned) {
    const status: EventRecordStatus = segment.status === "accepted" ? 2 : 1;
    const vehicleKey = String(segment.vehicleId);
    const common = { status, origin: 1 as const, type: 1 as const, vehicleKey, accumulatedMiles: null, elapsedEngineHours: null, reducedPrecision: false };
    const rest = { originatorKey: null, comment: "", locationDescription: "", malfunction: false, diagnostic: false };
    const start: EldRecordEvent = {
      ...common,
      ...rest,
      sequenceId: 0,
      code: 3,
      at: segment.startTime,
      position: { latitude: segment.startLatitude, longitude: segment.startLongitude },
    };
    unidentifiedEvents.push(start);
    recorded.push({ recordedAt: segment.startTime, order: recorded.length, assign: (id) => (start.sequenceId = id) });
    if (segment.closed) {
      const end: EldRecordEvent = {
        ...common,
        ...rest,
        sequenceId: 0,
        code: 4,
        at: segment.endTime,
        position: { latitude: segment.endLatitude, longitude: segment.endLongitude },
      };
      unidentifiedEvents.push(end);
      recorded.push({ recordedAt: segment.endTime, order: recorded.length, assign: (id) => (end.sequenceId = id) });
    }
  }

  // Certifications: the service keeps the last one of a day (a re-certification replaces it).
  const vehicleAt = (at: Date) => [...logs].reverse().find((entry) => entry.startTime <= at && entry.vehicleId !== null)?.vehicleId ?? current?.id ?? null;
  const certificationEvents = certifications.map((row) => {
    const vehicleId = vehicleAt(row.certifiedAt);
    return { sequenceId: 0, at: row.certifiedAt, date: row.logDate, vehicleKey: vehicleId === null ? null : String(vehicleId) };
  });
  for (const certification of certificationEvents) {
    recorded.push({ recordedAt: certification.at, order: recorded.length, assign: (id) => (certification.sequenceId = id) });
  }

  // Sequence ids in the order the records were made (the service keeps no per-device counter yet).
  recorded.sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime() || a.order - b.order).forEach((item, index) => item.assign((index + 1) & 0xffff));

  const latest = [...logs].reverse().find((entry) => positionOf(entry));
  // The CMV line of the header: the driver's vehicle now, else the one they last drove in the range.
  const lastVehicleId = [...logs].reverse().find((entry) => entry.vehicleId !== null)?.vehicleId ?? undefined;
  const name = splitName(driver.name);
  const carrierName = company.carrierName || company.name;
  return {
    generatedAt: now,
    timeZone: driver.timezone,
    periodStartHour: driver.dayStartHour,
    multiDayBasis: driver.hosRuleset === "us60_7" ? 7 : 8,
    carrier: { usdotNumber: company.usdotNumber, name: carrierName },
    eld: {
      registrationId: company.eldRegistrationId,
      identifier: company.eldIdentifier,
      authenticationValue: eldAuthenticationValue({
        registrationId: company.eldRegistrationId,
        identifier: company.eldIdentifier,
        username: driver.username,
        now,
      }),
    },
    outputFileComment,
    driver: {
      key: driverKey,
      accountType: "D",
      ...name,
      username: driver.username,
      licenseState: driver.licenseState,
      licenseNumber: driver.licenseNumber,
      exempt: driver.eldExempt,
    },
    coDriver: null,
    otherUsers: [...otherUsers.values()],
    currentVehicleKey: current ? String(current.id) : lastVehicleId === undefined ? null : String(lastVehicleId),
    vehicles,
    shippingDocumentNumber: "",
    current: { position: latest ? positionOf(latest) : null, totalMiles: null, totalEngineHours: null },
    events,
    certifications: certificationEvents,
    malfunctions: [],
    logins: [],
    enginePowers: [],
    unidentifiedEvents,
  };
};

/**
 * 7.14 asks for a value FMCSA can verify with the provider's key, disclosed at registration. Until this
 * service is registered it is a SHA-256 of the registration facts, the driver and the time (32 hex
 * characters): unique per file, not a signature (docs/decisions.md "ELD output file").
 */
const eldAuthenticationValue = ({ registrationId, identifier, username, now }: { registrationId: string; identifier: string; username: string; now: Date }) =>
  createHash("sha256").update(`${registrationId}|${identifier}|${username}|${now.toISOString()}`).digest("hex").slice(0, 32).toUpperCase();
