import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as vehiclesRoute from "@/app/fleet/vehicles/route";
import * as vehicleRoute from "@/app/fleet/vehicles/[id]/route";
import * as trailersRoute from "@/app/fleet/trailers/route";
import { submitDvir } from "@/lib/fleet/inspections";
import { getDriver } from "@/lib/fleet/drivers";
import { eldFileRange, loadEldFileInput } from "@/lib/hos/eld-file/load-eld-file-input";
import { operatorActor } from "@/lib/platform/audit";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
beforeEach(() => resetRateLimits(database().db));

type Ids = { data: { id: string }[] };

describe("trailers beside vehicles", () => {
  it("/fleet/vehicles leaves trailers out and answers 404 for a trailer's id; /fleet/trailers lists them", async () => {
    const trailerId = String(fixture.demo.trailerIds[0]);
    const vehicles = await callFleet(vehiclesRoute.GET, "/fleet/vehicles?limit=512", { key: fixture.demo.key });
    expect((vehicles.body as Ids).data.map((vehicle) => vehicle.id)).not.toContain(trailerId);
    expect((await callFleet(vehicleRoute.GET, `/fleet/vehicles/${trailerId}`, { key: fixture.demo.key, params: { id: trailerId } })).status).toBe(404);
    const trailers = await callFleet(trailersRoute.GET, "/fleet/trailers?limit=512", { key: fixture.demo.key });
    expect((trailers.body as Ids).data.map((trailer) => trailer.id)).toContain(trailerId);
  });

  it("a driver's DVIR without a trailer names the trailer assigned to them; the ELD file's vehicle names it too", async () => {
    const { db } = database();
    const tenant = { companyId: fixture.demo.companyId, dataset: fixture.demo.dataset };
    const driverId = fixture.demo.driverIds[0];
    const dvir = await submitDvir({
      db,
      ...tenant,
      author: { type: "driver", driverId },
      actor: operatorActor("test"),
      input: { type: "preTrip", vehicleId: fixture.demo.vehicleIds[0], safetyStatus: "safe", signatureName: "Test Driver" },
    });
    expect(dvir.trailerName).toBe("Trailer 0");

    const driver = await getDriver({ db, ...tenant, driverId });
    const now = new Date();
    const input = await loadEldFileInput({ db, ...tenant, driverId, range: eldFileRange({ driver, now }), now, outputFileComment: "" });
    expect(input.vehicles.find((vehicle) => vehicle.key === String(fixture.demo.vehicleIds[0]))?.trailers).toBe("Trailer 0");
  });
});
