import { fileDataCheckValue, lineDataCheckValue } from "@/lib/hos/eld-record/check-values";
import { coordinates, eldText, eventRecordElements, homeTerminalClock, hours, miles, pad2, UNIDENTIFIED_USERNAME } from "@/lib/hos/eld-record/record-elements";
import type { EldFileInput, EldRecordEvent, EldUser, EldVehicle } from "./eld-file-input";

/** The section titles of 4.8.2.1.1 to 4.8.2.1.11, in the file's order. */
export const ELD_FILE_SEGMENTS = [
  "ELD File Header Segment:",
  "User List:",
  "CMV List:",
  "ELD Event List:",
  "ELD Event Annotations or Comments:",
  "Driver's Certification/Recertification Actions:",
  "Malfunctions and Data Diagnostic Events:",
  "ELD Login/Logout Report:",
  "CMV Engine Power-Up and Shut Down Activity:",
  "Unidentified Driver Profile Records:",
  "End of File:",
] as const;

/** Lines end with <CR> as the rule writes them, followed by <LF> so that the file reads as text anywhere (LF counts 0 in every check). */
export const ELD_LINE_END = "\r\n";

/** The unidentified driver profile (4.1.5): a driver account ("D") of its own in the user list. */
export const UNIDENTIFIED_DRIVER: EldUser = {
  key: "unidentified",
  accountType: "D",
  firstName: "Driver",
  lastName: "Unidentified",
  username: UNIDENTIFIED_USERNAME,
};

/** 7.24: the sequence id in hexadecimal, 0 to FFFF. */
const sequence = (value: number) => (value & 0xffff).toString(16).toUpperCase();

/** Most recent first; for one instant the later record (higher sequence id) first. */
const newestFirst = <T extends { at: Date; sequenceId: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => b.at.getTime() - a.at.getTime() || b.sequenceId - a.sequenceId);

/**
 * The ELD output file of 49 CFR 395 subpart B Appendix A 4.8.2.1: the header segment, the ten list
 * segments (each with its title line even when empty) and the file data check value; every data line
 * ends with its line data check value (4.4.5.2), event rows carry their event data check value (4.4.5.1).
 * Pure: the same input gives the same bytes.
 */
export const buildEldFile = (input: EldFileInput) => {
  const zone = input.timeZone;
  const clock = (at: Date) => homeTerminalClock(at, zone);
  const out: string[] = [];
  const checks: string[] = [];
  const title = (text: string) => out.push(text);
  const data = (fields: readonly (string | number)[]) => {
    const text = fields.map((field) => String(field)).join(",");
    const check = lineDataCheckValue(text);
    checks.push(check);
    out.push(`${text},${check}`);
  };

  // Users in the order of their latest record, the inspected driver first on a tie; the unidentified profile always listed.
  const users = [input.driver, ...(input.coDriver ? [input.coDriver] : []), ...input.otherUsers, UNIDENTIFIED_DRIVER].filter(
    (user, index, all) => all.findIndex((other) => other.key === user.key) === index,
  );
  const lastActive = new Map<string, number>();
  const touch = (key: string | null, at: Date) => {
    if (key !== null) lastActive.set(key, Math.max(lastActive.get(key) ?? -Infinity, at.getTime()));
  };
  for (const event of input.events) touch(event.originatorKey, event.at);
  for (const event of input.unidentifiedEvents) touch(UNIDENTIFIED_DRIVER.key, event.at);
  const orderedUsers = users
    .map((user, index) => ({ user, index, last: lastActive.get(user.key) ?? -Infinity }))
    .sort((a, b) => b.last - a.last || a.index - b.index)
    .map(({ user }) => user)
    .slice(0, 99);
  const userOrder = new Map(orderedUsers.map((user, index) => [user.key, index + 1]));

  // Vehicles in the order of their latest use, the current one first on a tie.
  const vehicleLast = new Map<string, number>();
  for (const event of [...input.events, ...input.unidentifiedEvents, ...input.enginePowers]) {
    if (event.vehicleKey !== null) vehicleLast.set(event.vehicleKey, Math.max(vehicleLast.get(event.vehicleKey) ?? -Infinity, event.at.getTime()));
  }
  const byKey = new Map(input.vehicles.map((vehicle) => [vehicle.key, vehicle]));
  const listedVehicles = input.vehicles
    .filter((vehicle) => vehicleLast.has(vehicle.key) || vehicle.key === input.currentVehicleKey)
    .map((vehicle, index) => ({ vehicle, index, last: vehicleLast.get(vehicle.key) ?? -Infinity, current: vehicle.key === input.currentVehicleKey }))
    .sort((a, b) => b.last - a.last || Number(b.current) - Number(a.current) || a.index - b.index)
    .map(({ vehicle }) => vehicle)
    .slice(0, 99);
  const vehicleOrder = new Map(listedVehicles.map((vehicle, index) => [vehicle.key, index + 1]));
  const cmvOrder = (key: string | null) => (key === null ? "" : (vehicleOrder.get(key) ?? ""));
  const vehicleOf = (key: string | null): EldVehicle | undefined => (key === null ? undefined : byKey.get(key));

  // Header segment (4.8.2.1.1).
  const now = clock(input.generatedAt);
  const current = vehicleOf(input.currentVehicleKey);
  const [currentLatitude, currentLongitude] = coordinates(input.current.position, false, false);
  title(ELD_FILE_SEGMENTS[0]);
  data([
    eldText(input.driver.lastName, 30),
    eldText(input.driver.firstName, 30),
    eldText(input.driver.username, 60),
    eldText(input.driver.licenseState, 2),
    eldText(input.driver.licenseNumber, 20).replace(/[^A-Za-z0-9]/g, ""),
  ]);
  data(input.coDriver ? [eldText(input.coDriver.lastName, 30), eldText(input.coDriver.firstName, 30), eldText(input.coDriver.username, 60)] : ["", "", ""]);
  data([eldText(current?.powerUnitNumber ?? "", 10), eldText(current?.vin ?? "", 18), eldText(current?.trailers ?? "", 32)]);
  data([input.carrier.usdotNumber ?? "", eldText(input.carrier.name), input.multiDayBasis, `${pad2(input.periodStartHour)}0000`, now.offset]);
  data([eldText(input.shippingDocumentNumber, 40), input.driver.exempt ? "E" : "0"]);
  data([now.date, now.time, currentLatitude, currentLongitude, miles(input.current.totalMiles), hours(input.current.totalEngineHours)]);
  data([eldText(input.eld.registrationId, 4), eldText(input.eld.identifier, 6), eldText(input.eld.authenticationValue), eldText(input.outputFileComment, 60)]);

  // User list and CMV list (4.8.2.1.2, 4.8.2.1.3).
  title(ELD_FILE_SEGMENTS[1]);
  orderedUsers.forEach((user, index) => data([index + 1, user.accountType, eldText(user.lastName, 30), eldText(user.firstName, 30)]));
  title(ELD_FILE_SEGMENTS[2]);
  listedVehicles.forEach((vehicle, index) => data([index + 1, eldText(vehicle.powerUnitNumber, 10), eldText(vehicle.vin, 18)]));

  const recordFields = (event: EldRecordEvent, username: string) =>
    eventRecordElements({ event, timeZone: zone, powerUnitNumber: vehicleOf(event.vehicleKey)?.powerUnitNumber ?? "", username });

  // The elements an event record and an unidentified-driver record both begin with.
  const recordHead = (event: EldRecordEvent, fields: ReturnType<typeof eventRecordElements>) => [
    sequence(event.sequenceId),
    event.status,
    event.origin,
    event.type,
    event.code,
    fields.date,
    fields.time,
    fields.vehicleMiles,
    fields.engineHours,
    fields.latitude,
    fields.longitude,
    fields.distance,
    cmvOrder(event.vehicleKey),
  ];

  // ELD event list (4.8.2.1.4), then the annotations of those events (4.8.2.1.5).
  title(ELD_FILE_SEGMENTS[3]);
  const events = newestFirst(input.events);
  const usernameOf = (key: string | null) => orderedUsers.find((user) => user.key === key)?.username ?? input.driver.username;
  for (const event of events) {
    const fields = recordFields(event, input.driver.username);
    data([
      ...recordHead(event, fields),
      event.originatorKey === null ? "" : (userOrder.get(event.originatorKey) ?? ""),
      event.malfunction ? 1 : 0,
      event.diagnostic ? 1 : 0,
      fields.check,
    ]);
  }
  title(ELD_FILE_SEGMENTS[4]);
  for (const event of events.filter((item) => item.comment.trim() !== "" || item.locationDescription.trim() !== "")) {
    const { date, time } = clock(event.at);
    data([
      sequence(event.sequenceId),
      eldText(usernameOf(event.originatorKey), 60),
      eldText(event.comment, 60),
      date,
      time,
      eldText(event.locationDescription, 60),
    ]);
  }

  // Certifications (4.8.2.1.6): the nth certification of a day is code n (9 from the ninth on).
  title(ELD_FILE_SEGMENTS[5]);
  const certificationCount = new Map<string, number>();
  const coded = [...input.certifications]
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.sequenceId - b.sequenceId)
    .map((certification) => {
      const count = (certificationCount.get(certification.date) ?? 0) + 1;
      certificationCount.set(certification.date, count);
      return { ...certification, code: Math.min(count, 9) };
    });
  for (const certification of newestFirst(coded)) {
    const { date, time } = clock(certification.at);
    const [year, month, day] = certification.date.split("-");
    data([sequence(certification.sequenceId), certification.code, date, time, `${month}${day}${year.slice(2)}`, cmvOrder(certification.vehicleKey)]);
  }

  // Malfunctions and data diagnostics, logins and logouts, engine power-up and shut-down (4.8.2.1.7 to 4.8.2.1.9).
  title(ELD_FILE_SEGMENTS[6]);
  for (const event of newestFirst(input.malfunctions)) {
    const { date, time } = clock(event.at);
    data([
      sequence(event.sequenceId),
      event.code,
      eldText(event.diagnosticCode, 1),
      date,
      time,
      miles(event.totalMiles),
      hours(event.totalEngineHours),
      cmvOrder(event.vehicleKey),
    ]);
  }
  title(ELD_FILE_SEGMENTS[7]);
  for (const event of newestFirst(input.logins)) {
    const { date, time } = clock(event.at);
    data([sequence(event.sequenceId), event.code, eldText(event.username, 60), date, time, miles(event.totalMiles), hours(event.totalEngineHours)]);
  }
  title(ELD_FILE_SEGMENTS[8]);
  for (const event of newestFirst(input.enginePowers)) {
    const { date, time } = clock(event.at);
    const [latitude, longitude] = coordinates(event.position, event.code === 2 || event.code === 4, false);
    const vehicle = vehicleOf(event.vehicleKey);
    data([
      sequence(event.sequenceId),
      event.code,
      date,
      time,
      miles(event.totalMiles),
      hours(event.totalEngineHours),
      latitude,
      longitude,
      eldText(vehicle?.powerUnitNumber ?? "", 10),
      eldText(vehicle?.vin ?? "", 18),
      eldText(vehicle?.trailers ?? "", 32),
      eldText(event.shippingDocumentNumber, 40),
    ]);
  }

  // The unidentified driver profile's records (4.8.2.1.10).
  title(ELD_FILE_SEGMENTS[9]);
  for (const event of newestFirst(input.unidentifiedEvents)) {
    const fields = recordFields(event, UNIDENTIFIED_DRIVER.username);
    data([...recordHead(event, fields), event.malfunction ? 1 : 0, fields.check]);
  }

  // The file data check value (4.8.2.1.11, 4.4.5.3).
  title(ELD_FILE_SEGMENTS[10]);
  const fileCheck = fileDataCheckValue(checks);
  out.push(fileCheck);
  return { text: out.map((line) => line + ELD_LINE_END).join(""), fileCheck };
};
