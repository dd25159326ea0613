import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { drivingStopPrompts, eldEvents, hosLogs } from "@/db/schema";
import { findOpenStopPrompt, keepDriving, STOP_PROMPT_ANSWER_MS, switchUnansweredStopPrompts } from "@/lib/hos/logbook/stop-prompts";
import { changeOwnDutyStatus } from "@/lib/hos/logbook/change-own-duty-status";
import { driverActor } from "@/lib/platform/audit";
import { useTestDatabase } from "../../helpers/test-database";
import { addVehicleAndDriver, ingestAndProcess, recordedTrack, seedLogbookCompanies } from "./logbook-fixtures";

const MINUTE = 60_000;
const database = useTestDatabase();
let companyId = 0;

beforeAll(async () => {
  ({ demoCompanyId: companyId } = await seedLogbookCompanies({ db: database().db, liveVehicles: 2 }));
});

const tenantOf = () => ({ db: database().db, companyId, dataset: "live" as const });

const logOf = async (driverId: number) =>
  database()
    .db.select()
    .from(hosLogs)
    .where(and(eq(hosLogs.companyId, companyId), eq(hosLogs.driverId, driverId)))
    .orderBy(asc(hosLogs.startTime));

/** A driver drives 10 minutes (from `hoursAgo`), then the truck stands 7 minutes: the stop prompt is up, unanswered. */
const driveAndStop = async (hoursAgo: number) => {
  const { db } = database();
  const { vehicle, driver } = await addVehicleAndDriver({ db, companyId });
  const start = new Date(Date.now() - hoursAgo * 3_600_000);
  await ingestAndProcess({ db, companyId, positions: recordedTrack({ vehicleId: vehicle.id, start, driveMinutes: 10 }), unanswered: "wait" });
  // restBefore 2 minutes: came to rest 12 minutes 30 s after the track's start.
  return { vehicle, driver: driver!, restedAt: start.getTime() + 12 * MINUTE + 30_000 };
};

describe("the stop prompt (Appendix A 4.4.1.2)", () => {
  it("asks a driver stopped 5 minutes in Driving; no answer within the minute switches them to On Duty, an automatic ELD record", async () => {
    const { driver, restedAt } = await driveAndStop(3);
    const prompt = await findOpenStopPrompt({ ...tenantOf(), driverId: driver.id });
    expect(prompt).not.toBeNull();
    expect(prompt!.restedAt.getTime()).toBe(restedAt);
    // The driver has their minute from when the logbook could ask (the track arrived now, hours late).
    expect(prompt!.dueAt.getTime()).toBeGreaterThan(Date.now());
    expect(await switchUnansweredStopPrompts({ db: database().db, now: new Date() })).toBe(0);
    expect((await logOf(driver.id)).map((entry) => entry.status)).toEqual(["driving"]);

    expect(await switchUnansweredStopPrompts({ db: database().db, now: new Date(Date.now() + STOP_PROMPT_ANSWER_MS) })).toBeGreaterThanOrEqual(1);
    const log = await logOf(driver.id);
    expect(log.map((entry) => [entry.status, entry.origin])).toEqual([
      ["driving", "automatic"],
      ["onDuty", "automatic"],
    ]);
    // As a real-time ELD would have recorded it: 5 minutes at rest, then the minute to answer.
    expect(log[1].startTime.getTime()).toBe(restedAt + 6 * MINUTE);
    const [record] = await database()
      .db.select()
      .from(eldEvents)
      .where(and(eq(eldEvents.companyId, companyId), eq(eldEvents.hosLogId, log[1].id)));
    expect([record.eventType, record.eventCode, record.recordOrigin]).toEqual([1, 4, "automatic"]);
    expect(await findOpenStopPrompt({ ...tenantOf(), driverId: driver.id })).toBeNull();
  });

  it("keeps a driver who answers Keep driving in Driving; a late answer is refused (409)", async () => {
    const { driver } = await driveAndStop(4);
    await keepDriving({ ...tenantOf(), driverId: driver.id });
    await switchUnansweredStopPrompts({ db: database().db, now: new Date(Date.now() + STOP_PROMPT_ANSWER_MS) });
    expect((await logOf(driver.id)).map((entry) => entry.status)).toEqual(["driving"]);
    await expect(keepDriving({ ...tenantOf(), driverId: driver.id })).rejects.toMatchObject({ status: 409 });

    const late = await driveAndStop(5);
    await expect(keepDriving({ ...tenantOf(), driverId: late.driver.id, now: new Date(Date.now() + 2 * STOP_PROMPT_ANSWER_MS) })).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("The minute to answer has passed"),
    });
  });

  it("takes the status a driver chooses as the answer: no On Duty is added after it", async () => {
    const { driver } = await driveAndStop(6);
    await changeOwnDutyStatus({
      ...tenantOf(),
      driverId: driver.id,
      status: "offDuty",
      remark: "Lunch",
      actor: driverActor({ driver: { driverId: driver.id, name: driver.name }, ip: null, requestId: null }),
    });
    await switchUnansweredStopPrompts({ db: database().db, now: new Date(Date.now() + STOP_PROMPT_ANSWER_MS) });
    expect((await logOf(driver.id)).map((entry) => [entry.status, entry.origin])).toEqual([
      ["driving", "automatic"],
      ["offDuty", "manual"],
    ]);
    const [prompt] = await database()
      .db.select()
      .from(drivingStopPrompts)
      .where(and(eq(drivingStopPrompts.companyId, companyId), eq(drivingStopPrompts.driverId, driver.id)));
    expect(prompt.answer).toBe("status");
  });

  it("drops the prompt when the vehicle moves again before the minute ran out: one drive, asked again at its next stop", async () => {
    const { db } = database();
    const { vehicle, driver } = await addVehicleAndDriver({ db, companyId });
    const start = new Date(Date.now() - 7 * 3_600_000);
    const first = recordedTrack({ vehicleId: vehicle.id, start, driveMinutes: 10, restAfter: 5.5 });
    await ingestAndProcess({ db, companyId, positions: first, unanswered: "wait" });
    expect(await findOpenStopPrompt({ ...tenantOf(), driverId: driver!.id })).not.toBeNull();
    const last = first.at(-1)!;
    const again = recordedTrack({
      vehicleId: vehicle.id,
      start: new Date(last.time.getTime() + 30_000),
      restBefore: 0,
      driveMinutes: 5,
      latitude: last.latitude,
    });
    await ingestAndProcess({ db, companyId, positions: again });
    const prompts = await db
      .select({ answer: drivingStopPrompts.answer })
      .from(drivingStopPrompts)
      .where(and(eq(drivingStopPrompts.companyId, companyId), eq(drivingStopPrompts.driverId, driver!.id)))
      .orderBy(asc(drivingStopPrompts.id));
    expect(prompts.map((prompt) => prompt.answer)).toEqual(["moved", "timeout"]);
    expect((await logOf(driver!.id)).map((entry) => entry.status)).toEqual(["driving", "onDuty"]);
  });
});
