import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents } from "@/db/schema";
import * as addressesRoute from "@/app/addresses/route";
import * as addressRoute from "@/app/addresses/[id]/route";
import { containsPoint, boundingBox } from "@/lib/fleet/places/place-geometry";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
beforeEach(() => resetRateLimits(database().db));

type AddressBody = {
  data: { id: string; name: string; latitude: number; longitude: number; geofence: { circle?: { radiusMeters: number }; polygon?: { vertices: unknown[] } } };
  message?: string;
};

const post = (body: unknown, key = fixture.demo.key) => callFleet(addressesRoute.POST, "/addresses", { key, method: "POST", body });
const square = [
  { latitude: 41.88, longitude: -87.64 },
  { latitude: 41.88, longitude: -87.62 },
  { latitude: 41.9, longitude: -87.62 },
  { latitude: 41.9, longitude: -87.64 },
];
const depot = {
  name: "West depot",
  formattedAddress: "1200 W Lake St, Chicago, IL",
  geofence: { circle: { latitude: 41.885, longitude: -87.66, radiusMeters: 150 } },
};

describe("POST /addresses", () => {
  it("creates a circle and a polygon that read back as Samsara's addresses, audited", async () => {
    const circle = await post({ ...depot, notes: "Gate on Lake St", externalIds: { crm: "D-1" } });
    expect(circle.status).toBe(200);
    const created = (circle.body as AddressBody).data;
    expect(created).toMatchObject({
      name: "West depot",
      latitude: 41.885,
      longitude: -87.66,
      notes: "Gate on Lake St",
      externalIds: { crm: "D-1" },
      geofence: { circle: { radiusMeters: 150 } },
    });
    const polygon = await post({
      name: "Loop customers",
      formattedAddress: "Loop, Chicago",
      geofence: { polygon: { vertices: square } },
      addressTypes: ["workforceSite"],
    });
    expect(polygon.status).toBe(200);
    expect((polygon.body as AddressBody).data.geofence.polygon?.vertices).toHaveLength(4);
    expect((polygon.body as AddressBody).data).toMatchObject({ latitude: 41.89, longitude: -87.63, addressTypes: ["workforceSite"] });
    const read = await callFleet(addressRoute.GET, `/addresses/${created.id}`, { key: fixture.demo.key, params: { id: created.id } });
    expect((read.body as AddressBody).data).toEqual(created);
    const events = await database()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, fixture.demo.companyId), eq(auditEvents.action, "place.created")));
    expect(events.map((event) => event.targetId)).toEqual(expect.arrayContaining([created.id, (polygon.body as AddressBody).data.id]));
  });

  it.each([
    ["a self-intersecting polygon", { geofence: { polygon: { vertices: [square[0], square[2], square[1], square[3]] } } }, "geofence.polygon.vertices"],
    ["two vertices", { geofence: { polygon: { vertices: square.slice(0, 2) } } }, "geofence.polygon.vertices"],
    [
      "1,001 vertices",
      {
        geofence: {
          polygon: {
            vertices: Array.from({ length: 1001 }, (_, i) => ({
              latitude: 41.9 + 0.01 * Math.sin((2 * Math.PI * i) / 1001),
              longitude: -87.6 + 0.01 * Math.cos((2 * Math.PI * i) / 1001),
            })),
          },
        },
      },
      "geofence.polygon.vertices",
    ],
    ["a radius of 0", { geofence: { circle: { latitude: 41.9, longitude: -87.6, radiusMeters: 0 } } }, "geofence.circle.radiusMeters"],
    ["a radius over 50 km", { geofence: { circle: { latitude: 41.9, longitude: -87.6, radiusMeters: 50_001 } } }, "geofence.circle.radiusMeters"],
    ["a circle without a centre", { geofence: { circle: { radiusMeters: 100 } } }, "geofence.circle.latitude"],
    ["both shapes", { geofence: { circle: { latitude: 41.9, longitude: -87.6, radiusMeters: 100 }, polygon: { vertices: square } } }, "geofence"],
  ])("answers 400 naming the field for %s", async (_, change, field) => {
    const response = await post({ ...depot, ...change });
    expect(response.status).toBe(400);
    expect((response.body as AddressBody).message).toContain(field);
  });

  it("keeps the company's tags on a place and names them; another company's tag is 404 naming tagIds", async () => {
    const tagged = await post({ ...depot, tagIds: [String(fixture.demo.tagIds[1])] });
    expect(tagged.status).toBe(200);
    expect((tagged.body as { data: { tags?: unknown } }).data.tags).toEqual([{ id: String(fixture.demo.tagIds[1]), name: "Fixture tag 1" }]);
    const response = await post({ ...depot, tagIds: [String(fixture.other.tagIds[0])] });
    expect(response.status).toBe(404);
    expect((response.body as AddressBody).message).toContain("tagIds");
  });
});

describe("GET, PATCH, DELETE /addresses", () => {
  it("pages the company's places only, updates the shape, and deletes", async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(((await post({ ...depot, name: `Site ${n}` })).body as AddressBody).data.id);
    const foreign = ((await post(depot, fixture.other.key)).body as AddressBody).data.id;
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await callFleet(addressesRoute.GET, `/addresses?limit=2${after ? `&after=${after}` : ""}`, { key: fixture.demo.key });
      const body = page.body as { data: { id: string }[]; pagination: { endCursor: string; hasNextPage: boolean } };
      seen.push(...body.data.map((address) => address.id));
      after = body.pagination.hasNextPage ? body.pagination.endCursor : undefined;
    } while (after);
    expect(seen).toEqual(expect.arrayContaining(ids));
    expect(seen).not.toContain(foreign);
    expect(await callFleet(addressRoute.GET, `/addresses/${foreign}`, { key: fixture.demo.key, params: { id: foreign } })).toMatchObject({ status: 404 });

    const patched = await callFleet(addressRoute.PATCH, `/addresses/${ids[0]}`, {
      key: fixture.demo.key,
      method: "PATCH",
      params: { id: ids[0] },
      body: { geofence: { polygon: { vertices: square } } },
    });
    expect(patched.status).toBe(200);
    expect((patched.body as AddressBody).data.geofence).toEqual({ polygon: { vertices: square } });
    const renamed = await callFleet(addressRoute.PATCH, `/addresses/${ids[0]}`, {
      key: fixture.demo.key,
      method: "PATCH",
      params: { id: ids[0] },
      body: { name: "Renamed" },
    });
    expect((renamed.body as AddressBody).data).toMatchObject({ name: "Renamed", geofence: { polygon: { vertices: square } } });
    const badPatch = await callFleet(addressRoute.PATCH, `/addresses/${ids[0]}`, {
      key: fixture.demo.key,
      method: "PATCH",
      params: { id: ids[0] },
      body: { geofence: { circle: { radiusMeters: -5 } } },
    });
    expect(badPatch.status).toBe(400);

    expect((await callFleet(addressRoute.DELETE, `/addresses/${ids[1]}`, { key: fixture.demo.key, method: "DELETE", params: { id: ids[1] } })).status).toBe(
      204,
    );
    expect((await callFleet(addressRoute.GET, `/addresses/${ids[1]}`, { key: fixture.demo.key, params: { id: ids[1] } })).status).toBe(404);
    expect((await callFleet(addressRoute.DELETE, `/addresses/${foreign}`, { key: fixture.demo.key, method: "DELETE", params: { id: foreign } })).status).toBe(
      404,
    );
  });
});

describe("containsPoint", () => {
  it("tells a point inside a circle or a concave polygon from one outside", () => {
    const circle = { latitude: 41.9, longitude: -87.6, radiusMeters: 100, vertices: null };
    const place = { ...circle, ...boundingBox(circle) };
    expect(containsPoint(place, { latitude: 41.9005, longitude: -87.6 })).toBe(true); // ~56 m north
    expect(containsPoint(place, { latitude: 41.9012, longitude: -87.6 })).toBe(false); // ~133 m north
    // An L shape: the notch at the top right is outside.
    const vertices = [
      { latitude: 0, longitude: 0 },
      { latitude: 0, longitude: 2 },
      { latitude: 1, longitude: 2 },
      { latitude: 1, longitude: 1 },
      { latitude: 2, longitude: 1 },
      { latitude: 2, longitude: 0 },
    ];
    const ell = { latitude: 1, longitude: 1, radiusMeters: null, vertices, ...boundingBox({ latitude: 1, longitude: 1, radiusMeters: null, vertices }) };
    expect(containsPoint(ell, { latitude: 0.5, longitude: 1.5 })).toBe(true);
    expect(containsPoint(ell, { latitude: 1.5, longitude: 1.5 })).toBe(false);
  });
});
