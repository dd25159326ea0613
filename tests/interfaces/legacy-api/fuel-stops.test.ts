import { beforeAll, describe, expect, it } from "vitest";
import { POST as proposeDriverStop } from "@/app/api/v2/assets/driverProposedFuelStop/route";
import { POST as proposeFuelStops } from "@/app/api/v2/assets/fuelStopProposal/route";
import { listDriverProposedStops, listFuelStopProposals } from "@/lib/processing/fuel-stops/list-fuel-stops";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { liveFleet } from "./legacy-fixtures";
import { call, expectError, issueToken } from "./legacy-client";

const database = useTestDatabase();
let token = "";
let otherToken = "";
let demo = { companyId: 0, assets: [] as Awaited<ReturnType<typeof liveFleet>> };
let otherAssetId = 0;

beforeAll(async () => {
  const { db } = database();
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db });
  demo = { companyId: demoCompanyId, assets: await liveFleet(db, demoCompanyId) };
  otherAssetId = (await liveFleet(db, otherCompanyId))[0].id;
  token = await issueToken("demo-client-key");
  otherToken = await issueToken("other-client-key");
});

const stop = (name: string) => ({ name, address: "1 Fuel Way, Joliet, IL", fuelPrices: [{ diesel: 3.89, discount: 0.12 }] });
const proposals = () => listFuelStopProposals({ db: database().db, companyId: demo.companyId, dataset: "live" });

describe("POST /api/v2/assets/fuelStopProposal", () => {
  it("stores every proposed stop per asset and answers 200", async () => {
    const [a, b] = demo.assets;
    const body = {
      fuelStopsProposalsPerAsset: [
        { assetId: a.id, proposedFuelStops: [stop("Pilot 101"), stop("Love's 7")] },
        { assetId: b.id, proposedFuelStops: [stop("TA 3")] },
      ],
    };
    const result = await call(proposeFuelStops, "/api/v2/assets/fuelStopProposal", { token, method: "POST", body });
    expect(result.status).toBe(200);
    const stored = await proposals();
    expect(stored.map((p) => p.name).sort()).toEqual(["Love's 7", "Pilot 101", "TA 3"]);
    expect(stored.find((p) => p.name === "TA 3")).toMatchObject({ vehicleId: b.id, fuelPrices: [{ diesel: 3.89, discount: 0.12 }] });
    const forA = await listFuelStopProposals({ db: database().db, companyId: demo.companyId, dataset: "live", vehicleId: a.id });
    expect(forA).toHaveLength(2);
  });

  it("refuses another company's asset with 404 naming it, storing none of the batch", async () => {
    const before = (await proposals()).length;
    const body = {
      fuelStopsProposalsPerAsset: [
        { assetId: demo.assets[0].id, proposedFuelStops: [stop("Ok")] },
        { assetId: otherAssetId, proposedFuelStops: [stop("Sneaky")] },
      ],
    };
    const result = await call(proposeFuelStops, "/api/v2/assets/fuelStopProposal", { token, method: "POST", body });
    expectError(result, 404);
    expect(result.json.message).toContain(String(otherAssetId));
    expect(await proposals()).toHaveLength(before);
  });

  it("answers 400 for bodies that are not the 2.6 shape", async () => {
    const bad = [
      "{not json",
      {},
      { fuelStopsProposalsPerAsset: [] },
      { fuelStopsProposalsPerAsset: [{ assetId: "x", proposedFuelStops: [] }] },
      { fuelStopsProposalsPerAsset: [{ assetId: 1, proposedFuelStops: [{ name: "n", address: "a", fuelPrices: [{ diesel: "3" }] }] }] },
    ];
    for (const body of bad) expectError(await call(proposeFuelStops, "/api/v2/assets/fuelStopProposal", { token, method: "POST", body }), 400);
  });

  it("keeps each company's proposals to itself", async () => {
    const body = { fuelStopsProposalsPerAsset: [{ assetId: otherAssetId, proposedFuelStops: [stop("Other's stop")] }] };
    expect((await call(proposeFuelStops, "/api/v2/assets/fuelStopProposal", { token: otherToken, method: "POST", body })).status).toBe(200);
    expect((await proposals()).map((p) => p.name)).not.toContain("Other's stop");
  });
});

describe("POST /api/v2/assets/driverProposedFuelStop", () => {
  it("stores the stop for the asset and driver and answers 200", async () => {
    const [asset] = demo.assets;
    const body = { assetId: asset.id, driverId: String(asset.driverId), name: "Yard gate", latitude: 41.88, longitude: -87.63, note: "Use the north gate" };
    const result = await call(proposeDriverStop, "/api/v2/assets/driverProposedFuelStop", { token, method: "POST", body });
    expect(result.status).toBe(200);
    const [stored] = await listDriverProposedStops({ db: database().db, companyId: demo.companyId, dataset: "live", vehicleId: asset.id });
    expect(stored).toMatchObject({ driverId: asset.driverId, name: "Yard gate", address: "", note: "Use the north gate", latitude: 41.88 });
  });

  it("answers 404 for another company's asset or driver and 400 for a bad body", async () => {
    const [asset] = demo.assets;
    const path = "/api/v2/assets/driverProposedFuelStop";
    expectError(await call(proposeDriverStop, path, { token, method: "POST", body: { assetId: otherAssetId, name: "x", latitude: 1, longitude: 1 } }), 404);
    expectError(
      await call(proposeDriverStop, path, { token, method: "POST", body: { assetId: asset.id, driverId: 999999, name: "x", latitude: 1, longitude: 1 } }),
      404,
    );
    expectError(await call(proposeDriverStop, path, { token, method: "POST", body: { assetId: asset.id, name: "x", latitude: 91, longitude: 1 } }), 400);
    expectError(await call(proposeDriverStop, path, { token, method: "POST", body: { assetId: asset.id, latitude: 1, longitude: 1 } }), 400);
  });
});
