import { beforeAll, describe, expect, it } from "vitest";
import { operatorActor } from "@/lib/platform/audit";
import { createDriver, updateDriver } from "@/lib/fleet/drivers/save-driver";
import { searchDrivers } from "@/lib/fleet/drivers/search-drivers";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let demo = 0;
let other = 0;
const actor = operatorActor("search test setup");

beforeAll(async () => {
  const { db } = database();
  ({ demoCompanyId: demo, otherCompanyId: other } = await seedTestCompanies({ db }));
  const zed = await createDriver({
    db,
    companyId: demo,
    dataset: "live",
    actor,
    input: { name: "Zed 100%_Match", username: "zed.match", phone: "+1 312 999 0177" },
  });
  await createDriver({ db, companyId: demo, dataset: "live", actor, input: { name: "Amy Match", username: "amy", licenseNumber: "MATCH-9" } });
  await createDriver({ db, companyId: other, dataset: "live", actor, input: { name: "Other Match", username: "other.match" } });
  await updateDriver({ db, companyId: demo, dataset: "live", driverId: zed.id, actor, input: { driverActivationStatus: "deactivated" } });
});

describe("driver search (dashboard list)", () => {
  it("matches name, username, phone or licence case-insensitively, in name order, for the tenant only", async () => {
    const { db } = database();
    const { drivers, count } = await searchDrivers({ db, companyId: demo, dataset: "live", text: "match", offset: 0, limit: 10 });
    expect(drivers.map((d) => d.username)).toEqual(["amy", "zed.match"]);
    expect(count).toBe(2);
    expect((await searchDrivers({ db, companyId: demo, dataset: "live", text: "999 0177", offset: 0, limit: 10 })).count).toBe(1);
  });

  it("treats % and _ literally and filters by activation", async () => {
    const { db } = database();
    expect((await searchDrivers({ db, companyId: demo, dataset: "live", text: "100%_", offset: 0, limit: 10 })).drivers.map((d) => d.username)).toEqual([
      "zed.match",
    ]);
    expect((await searchDrivers({ db, companyId: demo, dataset: "live", text: "%", offset: 0, limit: 10 })).count).toBe(1);
    expect(
      (await searchDrivers({ db, companyId: demo, dataset: "live", text: "match", activationStatus: "active", offset: 0, limit: 10 })).drivers.map(
        (d) => d.username,
      ),
    ).toEqual(["amy"]);
  });

  it("pages with offset and a total count", async () => {
    const { db } = database();
    const all = await searchDrivers({ db, companyId: demo, dataset: "live", offset: 0, limit: 100 });
    const page = await searchDrivers({ db, companyId: demo, dataset: "live", offset: 2, limit: 3 });
    expect(page.count).toBe(all.count);
    expect(page.drivers.map((d) => d.id)).toEqual(all.drivers.slice(2, 5).map((d) => d.id));
  });
});
