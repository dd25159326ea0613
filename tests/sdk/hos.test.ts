import { beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, keyAndFirstDriver } from "./sdk-client";

const HOUR_MS = 3_600_000;
let key: string;
/** The fixture's first driver: on duty 12 hours ago, then 10 hours of driving, then off duty. */
let driverId: string;

beforeAll(async () => {
  ({ key, driverId } = await keyAndFirstDriver());
});

const utcDate = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

describe("hours of service through the SDK", () => {
  it("getHosClocks pages every active driver once and shows the 10 hours driven", async () => {
    const { client } = createSdkClient(key);
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 20; page++) {
      const response = await client.hoursOfService.getHosClocks({ after, limit: 7 });
      expectSdkShape(response, "HosClocksResponse");
      seen.push(...response.data.map((clock) => clock.driver!.id!));
      if (!response.pagination.hasNextPage) break;
      after = response.pagination.endCursor;
    }
    const all = await client.drivers.list({ limit: 512 });
    expect(seen).toEqual(all.data.map((driver) => driver.id));
    const [clock] = (await client.hoursOfService.getHosClocks({ driverIds: [driverId] })).data;
    expect(clock.clocks!.drive!.driveRemainingDurationMs).toBe(HOUR_MS);
    expect(clock.currentDutyStatus!.hosStatusType).toBe("offDuty");
  });

  it("getHosLogs lists the duty-status entries of the range", async () => {
    const { client } = createSdkClient(key);
    const response = await client.hoursOfService.getHosLogs({
      driverIds: driverId,
      startTime: new Date(Date.now() - 13 * HOUR_MS).toISOString(),
      endTime: new Date().toISOString(),
    });
    expectSdkShape(response, "HosLogsResponse");
    expect(response.data[0].hosLogs!.map((entry) => entry.hosStatusType)).toEqual(["onDuty", "driving", "offDuty"]);
  });

  it("getHosDailyLogs takes Samsara's startDate/endDate (local dates) and returns those days", async () => {
    const { client } = createSdkClient(key);
    const startDate = utcDate(2 * 86_400_000);
    const endDate = utcDate(0);
    const response = await client.hoursOfService.getHosDailyLogs({ driverIds: [driverId], startDate, endDate });
    expectSdkShape(response, "HosDailyLogsGetHosDailyLogsResponseBody");
    const days = response.data as unknown as { date: string; dutyStatusDurations: { driveDurationMs: number } }[];
    expect(days.length).toBeGreaterThanOrEqual(2);
    for (const day of days) expect(day.date >= startDate && day.date <= endDate).toBe(true);
    expect(days.reduce((total, day) => total + day.dutyStatusDurations.driveDurationMs, 0)).toBe(10 * HOUR_MS);
  });

  it("getHosViolations groups per driver with the violation's day, and understands the types filter", async () => {
    const { client } = createSdkClient(key);
    const range = { startTime: new Date(Date.now() - 13 * HOUR_MS).toISOString(), endTime: new Date().toISOString() };
    const response = await client.hoursOfService.getHosViolations({ driverIds: [driverId], ...range });
    expectSdkShape(response, "HosViolationsGetHosViolationsResponseBody");
    const [{ violations }] = response.data;
    expect(violations.map((violation) => violation.type)).toEqual(["restbreakMissed"]);
    expect(Date.parse(violations[0].day.startTime)).toBeLessThanOrEqual(Date.parse(violations[0].violationStartTime));
    const filtered = await client.hoursOfService.getHosViolations({ driverIds: [driverId], ...range, types: ["shiftDrivingHours", "cycleHoursOn"] });
    expect(filtered.data[0].violations).toEqual([]);
  });

  it("setCurrentDutyStatus puts a driver on duty (legacy v1 path, snake_case body); the clocks follow", async () => {
    const { client } = createSdkClient(key);
    const driver = (await client.drivers.list({ limit: 3 })).data[2];
    await client.hoursOfService.setCurrentDutyStatus({ driver_id: Number(driver.id), duty_status: "ON_DUTY", remark: "Fuelling", location: "Gary, IN" });
    const [clock] = (await client.hoursOfService.getHosClocks({ driverIds: [driver.id!] })).data;
    expect(clock.currentDutyStatus!.hosStatusType).toBe("onDuty");
    await expect(
      client.hoursOfService.setCurrentDutyStatus({ driver_id: Number(driver.id), duty_status: "OFF_DUTY", status_change_at_ms: Date.now() + 3_600_000 }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
