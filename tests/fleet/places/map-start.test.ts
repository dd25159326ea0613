import { describe, expect, it } from "vitest";
import { vehicles } from "@/db/schema";
import { createCompany } from "@/lib/access/companies/create-company";
import { createPlace } from "@/lib/fleet/places/manage-places";
import { findMapStart } from "@/lib/fleet/places/map-start";
import { operatorActor } from "@/lib/platform/audit";
import { writeTelemetry } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const actor = operatorActor("test");

describe("findMapStart: where a company's maps open", () => {
  it("opens on the world, then the home town, then the places, then the vehicles (places first on the Places page)", async () => {
    const { db } = database();
    const { id: companyId } = await createCompany({ db, actor, input: { name: "Berlin Haulage", timeZone: "Europe/Berlin", distanceUnit: "km" } });
    const tenant = { db, companyId, dataset: "live" as const };
    expect(await findMapStart(tenant)).toMatchObject({ basis: "world" });

    const { id: potsdam } = await createCompany({
      db,
      actor,
      input: { name: "Potsdam Haulage", timeZone: "Europe/Berlin", distanceUnit: "km", homeCity: "Potsdam" },
    });
    const home = await findMapStart({ ...tenant, companyId: potsdam });
    expect(home).toMatchObject({ basis: "home" });
    expect((home.south + home.north) / 2).toBeCloseTo(52.4, 1);
    expect((home.west + home.east) / 2).toBeCloseTo(13.06, 1);

    await createPlace({
      ...tenant,
      actor,
      input: { name: "Depot", formattedAddress: "Hamburg", geofence: { circle: { latitude: 53.55, longitude: 10.0, radiusMeters: 500 } } },
    });
    const places = await findMapStart(tenant);
    expect(places).toMatchObject({ basis: "places" });
    expect(places.south).toBeLessThan(53.55);
    expect(places.north).toBeGreaterThan(53.55);

    const [truck] = await db.insert(vehicles).values({ companyId, dataset: "live", name: "Truck", vin: "" }).returning();
    await writeTelemetry({ db, companyId, dataset: "live", positions: [{ vehicleId: truck.id, time: new Date(), latitude: 48.14, longitude: 11.58 }] });
    expect(await findMapStart(tenant)).toMatchObject({ basis: "vehicles", south: 48.14, north: 48.14, west: 11.58, east: 11.58 });
    expect(await findMapStart({ ...tenant, placesFirst: true })).toMatchObject({ basis: "places" });
  });
});
