import { beforeAll, describe, expect, it } from "vitest";
import { createCompany } from "@/lib/access/companies/create-company";
import { registerDevice } from "@/lib/fleet/devices/device-bindings";
import { createVehicle } from "@/lib/fleet/vehicles";
import { createDeviceFinder } from "@/lib/ingestion/trackers/device-finder";
import { makeVin } from "@/lib/runtime/seed/vin";
import { testActor } from "../../helpers/devices";
import { useTestDatabase } from "../../helpers/test-database";

/** The trackers' device lookups, asked for together (a fleet reconnecting after a restart): each connection gets its own device. */
const database = useTestDatabase();
let companyId: number;
let vehicleId: number;

beforeAll(async () => {
  const { db } = database();
  ({ id: companyId } = await createCompany({ db, input: { name: "Finder Fleet", timeZone: "UTC", distanceUnit: "km" }, actor: testActor }));
  const tenant = { db, companyId, dataset: "live" as const, actor: testActor };
  ({ id: vehicleId } = await createVehicle({ ...tenant, input: { name: "Bound truck", vin: makeVin({ wmi: "1FT", seed: 71, year: 2021 }) } }));
  await registerDevice({ ...tenant, input: { identifier: "861000000000001", model: "teltonika", vehicleId } });
  await registerDevice({ ...tenant, input: { identifier: "861000000000002", model: "gt06" } });
});

describe("the trackers' device lookup", () => {
  it("answers lookups made at once each with its own device: bound, registered to no vehicle, the same one twice, and unknown", async () => {
    const find = createDeviceFinder({ db: database().db });
    const [bound, unbound, again, unknown] = await Promise.all(["861000000000001", "861000000000002", "861000000000001", "869999999999999"].map(find));
    expect(bound).toEqual({ companyId, dataset: "live", vehicleId });
    expect(unbound).toEqual({ companyId, dataset: "live", vehicleId: null });
    expect(again).toEqual(bound);
    expect(unknown).toBeNull();
    // A later lookup is a batch of its own.
    expect(await find("861000000000002")).toEqual(unbound);
  });

  it("fails every lookup of a batch whose query fails, and the next batch is made afresh", async () => {
    let failing = true;
    const { db } = database();
    const lost = () => {
      throw new Error("connection lost");
    };
    const flaky = new Proxy(db, { get: (target, key, receiver) => (key === "select" && failing ? lost : Reflect.get(target, key, receiver)) });
    const find = createDeviceFinder({ db: flaky });
    const results = await Promise.allSettled(["861000000000001", "861000000000002"].map(find));
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    failing = false;
    expect(await find("861000000000001")).toMatchObject({ vehicleId });
  });
});
