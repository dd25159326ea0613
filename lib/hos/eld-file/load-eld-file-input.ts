import { createHash } from "node:crypto";
import { and, eq, gte, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { companies, ELD_RECORD_ORIGINS, ELD_RECORD_STATUSES, eldEvents, users } from "@/db/schema";
import { findVehicleForDriver } from "@/lib/fleet/assignments";
import { getDriver, type DriverRow } from "@/lib/fleet/drivers";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { findCouplings } from "@/lib/fleet/trailers/find-couplings";
import { calendarDayOf } from "@/lib/hos/records/certified-days";
import { createDriverCalendar } from "@/lib/hos/rules/driver-calendar";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { eldText, powerUnitNumberOf } from "@/lib/hos/eld-record/record-elements";
import { readVehicleCounters } from "@/lib/hos/eld-events/vehicle-counters";
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

/** A person's name as the file's first and last name (the last word is the last name). */
const splitName = (name: string) => {
  const words = eldText(name, 61).split(/\s+/).filter(Boolean);
  const lastName = words.length > 1 ? words.at(-1)! : (words[0] ?? "Unknown");
  const firstName = words.length > 1 ? words.slice(0, -1).join(" ") : lastName;
  return { firstName: firstName.slice(0, 30), lastName: lastName.slice(0, 30) };
};

type StoredEvent = typeof eldEvents.$inferSelect;

const positionOf = (event: StoredEvent) =>
  event.latitude === null || event.longitude === null ? null : { latitude: event.latitude, longitude: event.longitude };

/**
 * Reads what a driver's ELD output file shows over `range` from the stored ELD event records (lib/hos/eld-events):
 * the driver's records of every status (active, inactive-changed, change requested or rejected), the certifications
 * of the range's days, the logins and logouts, and the unidentified driver profile's records of the vehicles the
 * driver used, the malfunction and data diagnostic records of the driver and of those vehicles, the engine power-ups and
 * shut-downs of the driver's records and of the unidentified profile's on those vehicles (with the totals they were
 * recorded with), and the vehicles' total miles and engine hours (the header's now, each login's and diagnostic's then).
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
  const inRange = and(gte(eldEvents.eventAt, range.from), lt(eldEvents.eventAt, range.to));
  // A day is certified once it has begun (certifyLogDay), so after the range's start: the bound lets the (driver, time)
  // index skip the driver's older history, which the `or` otherwise reads whole (docs/scaling.md, issue 35 item 8).
  const certifiedInRange = and(
    eq(eldEvents.eventType, 4),
    gte(eldEvents.eventAt, range.from),
    gte(eldEvents.certifiedDate, range.firstDate),
    lte(eldEvents.certifiedDate, range.lastDate),
  );
  const stored = await db
    .select()
    .from(eldEvents)
    .where(and(whereTenant(eldEvents, { companyId, dataset }), eq(eldEvents.driverId, driverId), or(inRange, certifiedInRange)));
  const vehicleIds = new Set(stored.flatMap((event) => (event.vehicleId === null ? [] : [event.vehicleId])));
  const current = await findVehicleForDriver({ db, companyId, dataset, driverId, at: now });
  if (current) vehicleIds.add(current.id);
  // The vehicles' records of the unidentified driver profile, and their malfunctions and data diagnostics whoever's
  // they are (4.8.2.1.7: all that occurred on the ELD in the period).
  const ofVehicles =
    vehicleIds.size === 0
      ? []
      : await db
          .select()
          .from(eldEvents)
          .where(
            and(
              whereTenant(eldEvents, { companyId, dataset }),
              or(isNull(eldEvents.driverId), eq(eldEvents.eventType, 7)),
              inArray(eldEvents.vehicleId, [...vehicleIds]),
              inRange,
            ),
          );
  const unidentified = ofVehicles.filter((event) => event.driverId === null && event.eventType <= 3);
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

  // Support personnel who requested edits: their sign-in e-mail is their ELD username.
  const editorIds = [...new Set(stored.flatMap((event) => (event.editedById && /^\d+$/.test(event.editedById) ? [Number(event.editedById)] : [])))];
  const editors =
    editorIds.length > 0
      ? await db
          .select({ id: users.id, email: users.email, name: users.name })
          .from(users)
          .where(and(eq(users.companyId, companyId), inArray(users.id, editorIds)))
      : [];
  const otherUsers = new Map<string, EldUser>();
  const editorKey = (event: StoredEvent) => {
    const name = event.editedByName ?? "";
    const key = `user:${event.editedById ?? name}`;
    if (!otherUsers.has(key)) {
      const user = editors.find((row) => String(row.id) === event.editedById);
      otherUsers.set(key, { key, accountType: "S", ...splitName(user?.name ?? name), username: eldText(user?.email ?? name, 60) });
    }
    return key;
  };

  const driverKey = `driver:${driverId}`;
  const recordEvent = (event: StoredEvent): EldRecordEvent => ({
    sequenceId: event.sequenceId,
    status: (ELD_RECORD_STATUSES.indexOf(event.recordStatus) + 1) as EventRecordStatus,
    origin: (ELD_RECORD_ORIGINS.indexOf(event.recordOrigin) + 1) as EventRecordOrigin,
    type: event.eventType as EldRecordEvent["type"],
    code: event.eventCode,
    at: event.eventAt,
    vehicleKey: event.vehicleId === null ? null : String(event.vehicleId),
    accumulatedMiles: event.accumulatedMiles,
    elapsedEngineHours: event.elapsedEngineHours,
    position: positionOf(event),
    distanceSinceLastValidCoordinates: event.distanceSinceLastValidCoordinates,
    reducedPrecision: event.reducedPrecision,
    originatorKey: event.driverId === null ? null : event.recordOrigin === "otherUser" ? editorKey(event) : driverKey,
    comment: event.comment,
    locationDescription: event.locationDescription,
    malfunction: event.malfunction,
    diagnostic: event.diagnostic,
  });
  const ofType = (...types: number[]) => stored.filter((event) => types.includes(event.eventType));
  const inTheRange = (event: StoredEvent) => event.eventAt >= range.from && event.eventAt < range.to;
  const events = ofType(1, 2, 3).filter(inTheRange);
  // Mapped before the user list is read: a record another user made adds them to it.
  const records = events.map(recordEvent);
  const byTime = [...events].sort((a, b) => a.eventAt.getTime() - b.eventAt.getTime() || a.id - b.id);

  const latest = byTime.findLast((event) => positionOf(event));
  // The CMV line of the header: the driver's vehicle now, else the one they last drove in the range.
  const lastVehicleId = byTime.findLast((event) => event.vehicleId !== null)?.vehicleId ?? undefined;
  // Total miles and engine hours (7.43, 7.44): the header's vehicle now, and each login's vehicle then.
  const headerVehicleId = current?.id ?? lastVehicleId;
  const logins = ofType(5).filter(inTheRange);
  const malfunctions = [
    ...new Map([...ofType(7).filter(inTheRange), ...ofVehicles.filter((event) => event.eventType === 7)].map((event) => [event.id, event])).values(),
  ];
  const withVehicle = [...logins, ...malfunctions].filter((event) => event.vehicleId !== null);
  const asked = [
    ...(headerVehicleId === undefined ? [] : [{ vehicleId: headerVehicleId, at: now }]),
    ...withVehicle.map((event) => ({ vehicleId: event.vehicleId!, at: event.eventAt })),
  ];
  const counters = await readVehicleCounters({ db, companyId, dataset, at: asked });
  const headerCounters = headerVehicleId === undefined ? undefined : counters.shift();
  const totalsOf = new Map(withVehicle.map((event) => [event.id, counters.shift()!]));
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
    current: {
      position: latest ? positionOf(latest) : null,
      totalMiles: headerCounters?.totalMiles ?? null,
      totalEngineHours: headerCounters?.totalEngineHours ?? null,
    },
    events: records,
    certifications: ofType(4).map((event) => ({
      sequenceId: event.sequenceId,
      at: event.eventAt,
      date: event.certifiedDate!,
      vehicleKey: event.vehicleId === null ? null : String(event.vehicleId),
    })),
    malfunctions: malfunctions.map((event) => ({
      sequenceId: event.sequenceId,
      code: event.eventCode as 1 | 2 | 3 | 4,
      diagnosticCode: event.diagnosticCode ?? "",
      at: event.eventAt,
      vehicleKey: event.vehicleId === null ? null : String(event.vehicleId),
      totalMiles: totalsOf.get(event.id)?.totalMiles ?? null,
      totalEngineHours: totalsOf.get(event.id)?.totalEngineHours ?? null,
    })),
    logins: logins.map((event) => ({
      sequenceId: event.sequenceId,
      code: event.eventCode as 1 | 2,
      at: event.eventAt,
      username: driver.username,
      totalMiles: totalsOf.get(event.id)?.totalMiles ?? null,
      totalEngineHours: totalsOf.get(event.id)?.totalEngineHours ?? null,
    })),
    // 4.8.2.1.9: the engine's power-ups and shut-downs of the period; a power-up before anyone drove is the unidentified profile's.
    enginePowers: [...ofType(6).filter(inTheRange), ...ofVehicles.filter((event) => event.driverId === null && event.eventType === 6)].map((event) => ({
      sequenceId: event.sequenceId,
      code: event.eventCode as 1 | 2 | 3 | 4,
      at: event.eventAt,
      vehicleKey: String(event.vehicleId),
      totalMiles: event.accumulatedMiles,
      totalEngineHours: event.elapsedEngineHours,
      position: positionOf(event),
      shippingDocumentNumber: "",
    })),
    unidentifiedEvents: unidentified.map(recordEvent),
  };
};

/**
 * 7.14 asks for a value FMCSA can verify with the provider's key, disclosed at registration. Until this
 * service is registered it is a SHA-256 of the registration facts, the driver and the time (32 hex
 * characters): unique per file, not a signature (docs/decisions.md "ELD output file").
 */
const eldAuthenticationValue = ({ registrationId, identifier, username, now }: { registrationId: string; identifier: string; username: string; now: Date }) =>
  createHash("sha256").update(`${registrationId}|${identifier}|${username}|${now.toISOString()}`).digest("hex").slice(0, 32).toUpperCase();
