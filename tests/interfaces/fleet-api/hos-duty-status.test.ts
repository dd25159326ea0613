import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { drivers, hosLogs } from "@/db/schema";
import * as dutyStatusRoute from "@/app/v1/fleet/drivers/[driverId]/hos/duty_status/route";
import * as hosClocksRoute from "@/app/fleet/hos/clocks/route";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
let driverId = 0;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
  driverId = fixture.demo.driverIds[4];
});
beforeEach(() => resetRateLimits(database().db));

const setStatus = (body: unknown, id = driverId, key = fixture.demo.key) =>
  callFleet(dutyStatusRoute.POST, `/v1/fleet/drivers/${id}/hos/duty_status`, { key, method: "POST", body, params: { driverId: String(id) } });

const entriesOf = (id: number) =>
  database()
    .db.select()
    .from(hosLogs)
    .where(and(eq(hosLogs.companyId, fixture.demo.companyId), eq(hosLogs.driverId, id)))
    .orderBy(hosLogs.startTime);

describe("POST /v1/fleet/drivers/{driverId}/hos/duty_status", () => {
  it("puts the driver on duty now (204), with the remark, location and vehicle; the clocks show it", async () => {
    const response = await setStatus({ duty_status: "ON_DUTY", remark: "Pre-trip inspection", location: "Joliet, IL", vehicle_id: fixture.demo.vehicleIds[1] });
    expect(response.status).toBe(204);
    const [entry] = (await entriesOf(driverId)).slice(-1);
    expect(entry).toMatchObject({
      status: "onDuty",
      remark: "Pre-trip inspection",
      locationName: "Joliet, IL",
      vehicleId: fixture.demo.vehicleIds[1],
      origin: "manual",
    });
    expect(Math.abs(entry.startTime.getTime() - Date.now())).toBeLessThan(10_000);
    const clocks = await callFleet(hosClocksRoute.GET, `/fleet/hos/clocks?driverIds=${driverId}`, { key: fixture.demo.key });
    expect((clocks.body as { data: { currentDutyStatus: { hosStatusType: string } }[] }).data[0].currentDutyStatus.hosStatusType).toBe("onDuty");
  });

  it("dates a change up to 8 hours back; setting the status already in effect writes nothing", async () => {
    const before = (await entriesOf(driverId)).length;
    expect((await setStatus({ duty_status: "ON_DUTY" })).status).toBe(204);
    expect(await entriesOf(driverId)).toHaveLength(before);
    const twoHoursAgo = Date.now() - 2 * 3_600_000;
    expect((await setStatus({ duty_status: "OFF_DUTY", status_change_at_ms: twoHoursAgo })).status).toBe(204);
    expect((await entriesOf(driverId)).map((entry) => entry.startTime.getTime())).toContain(twoHoursAgo);
  });

  it("refuses a change in the future, one more than 8 hours back, another status and a foreign vehicle", async () => {
    const before = (await entriesOf(driverId)).length;
    const future = await setStatus({ duty_status: "OFF_DUTY", status_change_at_ms: Date.now() + 60_000 });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ message: expect.stringContaining("status_change_at_ms"), requestId: expect.any(String) });
    expect((await setStatus({ duty_status: "OFF_DUTY", status_change_at_ms: Date.now() - 9 * 3_600_000 })).status).toBe(400);
    expect((await setStatus({ duty_status: "DRIVING" })).status).toBe(400);
    expect((await setStatus({ duty_status: "OFF_DUTY", vehicle_id: fixture.other.vehicleIds[0] })).status).toBe(404);
    expect(await entriesOf(driverId)).toHaveLength(before);
  });

  it("answers 404 for another company's driver and 400 for a deactivated one", async () => {
    expect((await setStatus({ duty_status: "ON_DUTY" }, fixture.other.driverIds[0])).status).toBe(404);
    const { db } = database();
    const retired = fixture.demo.driverIds[5];
    await db.update(drivers).set({ activationStatus: "deactivated" }).where(eq(drivers.id, retired));
    const response = await setStatus({ duty_status: "ON_DUTY" }, retired);
    expect(response.status).toBe(400);
    expect((response.body as { message: string }).message).toContain("deactivated");
  });
});
