import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idlingEvents, trips, vehicleActivityDays, vehicles } from "@/db/schema";
import { operatorActor } from "@/lib/platform/audit";
import { updateCompany } from "@/lib/access/companies/update-company";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { ingestTelemetry } from "@/lib/telemetry/store";
import { dayInZone, startOfDayInZone } from "@/lib/platform/zoned-time";
import { tripProcessor } from "@/lib/processing/trips/trip-processor";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { buildTrack, MINUTE } from "./track-builder";

const database = useTestDatabase();
const processors = [tripProcessor];

type Day = { day: string; driverId: number | null; trips: number; meters: number; driving: number; idle: number; fuel: number | null };
const round = (value: number) => Math.round(value * 1e6) / 1e6;
const byKey = (days: Day[]) =>
  days
    .map((day) => ({ ...day, meters: round(day.meters), driving: round(day.driving), idle: round(day.idle), fuel: day.fuel === null ? null : round(day.fuel) }))
    .sort((a, b) => `${a.day}|${a.driverId}`.localeCompare(`${b.day}|${b.driverId}`));

/** What grouping the vehicle's stored trips and idles by local day and driver gives, computed here from the rows. */
const groupedNow = async (companyId: number, vehicleId: number, timeZone: string) => {
  const { db } = database();
  const days = new Map<string, Day>();
  const entry = (start: Date, driverId: number | null) => {
    const day = dayInZone(start, timeZone);
    const key = `${day}|${driverId}`;
    if (!days.has(key)) days.set(key, { day, driverId, trips: 0, meters: 0, driving: 0, idle: 0, fuel: null });
    return days.get(key)!;
  };
  const seconds = (row: { startTime: Date; endTime: Date }) => (row.endTime.getTime() - row.startTime.getTime()) / 1000;
  const addFuel = (day: Day, fuel: number | null) => (day.fuel = fuel === null ? day.fuel : (day.fuel ?? 0) + fuel);
  for (const trip of await db
    .select()
    .from(trips)
    .where(and(eq(trips.companyId, companyId), eq(trips.vehicleId, vehicleId)))) {
    const day = entry(trip.startTime, trip.driverId);
    Object.assign(day, { trips: day.trips + 1, meters: day.meters + trip.distanceMeters, driving: day.driving + seconds(trip) });
    addFuel(day, trip.fuelUsedPercent);
  }
  for (const idle of await db
    .select()
    .from(idlingEvents)
    .where(and(eq(idlingEvents.companyId, companyId), eq(idlingEvents.vehicleId, vehicleId)))) {
    const day = entry(idle.startTime, idle.driverId);
    day.idle += seconds(idle);
    addFuel(day, idle.fuelUsedPercent);
  }
  return byKey([...days.values()]);
};

const storedDays = async (companyId: number, vehicleId: number) =>
  byKey(
    (
      await database()
        .db.select()
        .from(vehicleActivityDays)
        .where(and(eq(vehicleActivityDays.companyId, companyId), eq(vehicleActivityDays.vehicleId, vehicleId)))
    ).map((row) => ({
      day: row.day,
      driverId: row.driverId,
      trips: row.trips,
      meters: row.distanceMeters,
      driving: row.drivingSeconds,
      idle: row.idleSeconds,
      fuel: row.fuelUsedPercent,
    })),
  );

describe("vehicle activity days", () => {
  it("equal a fresh grouping of the trips and idles, across local midnight and after a late-point replay rewrites them", async () => {
    const { db } = database();
    const { demoCompanyId } = await seedTestCompanies({ db, liveVehicles: 2 });
    const tenant = { companyId: demoCompanyId, dataset: "live" as const };
    const [vehicle, second] = await db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, demoCompanyId), eq(vehicles.dataset, "live")))
      .orderBy(asc(vehicles.id));
    // Yesterday's local midnight (America/Chicago, the demo company's zone), so the whole track is in the past.
    const midnight = startOfDayInZone(Date.now() - 86_400_000, "America/Chicago").getTime();
    const track = buildTrack({ tenant, vehicleId: vehicle.id, start: midnight - 30 * MINUTE });
    track
      .stand(MINUTE)
      .drive(10 * MINUTE)
      .stand(7 * MINUTE)
      .drive(10 * MINUTE);
    const before = { positions: track.positions.splice(0), stats: track.stats.splice(0) };
    track.drive(8 * MINUTE);
    const gap = { positions: track.positions.splice(0), stats: track.stats.splice(0) };
    track
      .drive(10 * MINUTE)
      .stand(7 * MINUTE)
      .drive(5 * MINUTE)
      .stand(10 * MINUTE, { engineOn: false });
    // A second vehicle in the same batches: each vehicle's days are rewritten from its own first day.
    const other = buildTrack({ tenant, vehicleId: second.id, start: midnight - 5 * MINUTE })
      .drive(10 * MINUTE)
      .stand(7 * MINUTE)
      .stand(5 * MINUTE, { engineOn: false });
    const ingest = async (batch: typeof before) => {
      await ingestTelemetry({ db, batch });
      await runTelemetryProcessors({ db, processors });
    };

    // Without the gap's 8 minutes the third trip ends before midnight and a fourth starts after it.
    await ingest({ positions: [...before.positions, ...track.positions, ...other.positions], stats: [...before.stats, ...track.stats, ...other.stats] });
    expect((await storedDays(demoCompanyId, second.id)).map((row) => [row.day, row.trips, row.idle])).toEqual([
      [dayInZone(midnight - MINUTE, "America/Chicago"), 1, 0],
      [dayInZone(midnight, "America/Chicago"), 0, 7 * 60],
    ]);
    expect(await storedDays(demoCompanyId, second.id)).toEqual(await groupedNow(demoCompanyId, second.id, "America/Chicago"));
    const firstPass = await storedDays(demoCompanyId, vehicle.id);
    expect(firstPass).toEqual(await groupedNow(demoCompanyId, vehicle.id, "America/Chicago"));
    const [yesterday, today] = [dayInZone(midnight - MINUTE, "America/Chicago"), dayInZone(midnight, "America/Chicago")];
    const tripsPerDay = (days: Day[]) => [yesterday, today].map((day) => days.filter((row) => row.day === day).reduce((sum, row) => sum + row.trips, 0));
    expect(tripsPerDay(firstPass)).toEqual([2, 2]);

    // The gap arrives late: the replay joins the two trips into one that started before midnight.
    await ingest(gap);
    const replayed = await storedDays(demoCompanyId, vehicle.id);
    expect(replayed).toEqual(await groupedNow(demoCompanyId, vehicle.id, "America/Chicago"));
    expect(tripsPerDay(replayed)).toEqual([2, 1]);
    expect(replayed.reduce((sum, row) => sum + row.idle, 0)).toBe(14 * 60);

    // A new zone moves trips across local days: the company's days are rebuilt with the change.
    await updateCompany({ db, companyId: demoCompanyId, input: { timeZone: "Asia/Kolkata" }, editor: "admin", actor: operatorActor("tests") });
    const rebuilt = await storedDays(demoCompanyId, vehicle.id);
    expect(rebuilt).toEqual(await groupedNow(demoCompanyId, vehicle.id, "Asia/Kolkata"));
    expect(rebuilt.every((row) => row.day === dayInZone(midnight, "Asia/Kolkata"))).toBe(true);
    expect(await storedDays(demoCompanyId, second.id)).toEqual(await groupedNow(demoCompanyId, second.id, "Asia/Kolkata"));
  });
});
