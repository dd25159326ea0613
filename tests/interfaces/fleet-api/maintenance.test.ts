import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as defectTypesRoute from "@/app/defect-types/route";
import * as dvirsStreamRoute from "@/app/dvirs/stream/route";
import * as dvirRoute from "@/app/dvirs/[id]/route";
import * as createDvirRoute from "@/app/fleet/dvirs/route";
import * as updateDvirRoute from "@/app/fleet/dvirs/[id]/route";
import * as defectsStreamRoute from "@/app/defects/stream/route";
import * as defectRoute from "@/app/defects/[id]/route";
import * as updateDefectRoute from "@/app/fleet/defects/[id]/route";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
beforeEach(() => resetRateLimits(database().db));

type Page<T> = { data: T[]; pagination: { endCursor: string; hasNextPage: boolean } };
type Dvir = { id: string; safetyStatus: string; defectIds: string[]; authorSignature: { type: string; signatoryUser: { id: string; name: string } } };
type Defect = { id: string; dvirId: string; isResolved: boolean; resolution?: string; resolvedBy?: { id: string; name: string; type: string } };

const since = () => new Date(Date.now() - 3_600_000).toISOString();
const get = <T>(handler: typeof dvirRoute.GET, path: string, params?: Record<string, string>, key = fixture.demo.key) =>
  callFleet(handler, path, { key, params }) as Promise<{ status: number; body: T }>;

describe("Samsara's maintenance resources", () => {
  it("GET /defect-types: the 49 CFR 396.11 checklist, paged and filtered by ids", async () => {
    const all = await get<Page<{ id: string; label: string; sectionType: string }>>(defectTypesRoute.GET, "/defect-types");
    expect(all.status).toBe(200);
    expect(all.body.data.map((type) => type.label)).toContain("Brakes");
    expect(all.body.data).toHaveLength(11);
    const first = await get<Page<{ id: string }>>(defectTypesRoute.GET, "/defect-types?limit=4");
    expect(first.body.pagination.hasNextPage).toBe(true);
    const next = await get<Page<{ id: string }>>(defectTypesRoute.GET, `/defect-types?limit=512&after=${first.body.pagination.endCursor}`);
    expect([...first.body.data, ...next.body.data].map((type) => type.id)).toEqual(all.body.data.map((type) => type.id));
    const picked = await get<Page<{ id: string }>>(defectTypesRoute.GET, `/defect-types?ids=${all.body.data[2].id},${all.body.data[4].id}`);
    expect(picked.body.data.map((type) => type.id)).toEqual([all.body.data[2].id, all.body.data[4].id]);
  });

  it("streams DVIRs by update time: pages without repeats, a feed cursor without endTime, safetyStatus filter", async () => {
    const end = new Date(Date.now() + 60_000).toISOString();
    const all = await get<Page<Dvir>>(dvirsStreamRoute.GET, `/dvirs/stream?startTime=${since()}&endTime=${end}`);
    expect(all.body.data.length).toBeGreaterThanOrEqual(2);
    expect(all.body.data[0]).toMatchObject({ safetyStatus: "unsafe", authorSignature: { type: "driver", signatoryUser: { name: "Fixture Driver" } } });
    const first = await get<Page<Dvir>>(dvirsStreamRoute.GET, `/dvirs/stream?startTime=${since()}&endTime=${end}&limit=1`);
    expect(first.body.pagination.hasNextPage).toBe(true);
    const start = encodeURIComponent(since());
    const feed = await get<Page<Dvir>>(dvirsStreamRoute.GET, `/dvirs/stream?startTime=${start}`);
    expect(feed.body.pagination.endCursor).not.toBe("");
    const created = await callFleet(createDvirRoute.POST, "/fleet/dvirs", {
      key: fixture.demo.key,
      method: "POST",
      body: {
        authorId: String(fixture.demo.userIds[0]),
        type: "mechanic",
        safetyStatus: "safe",
        vehicleId: String(fixture.demo.vehicleIds[3]),
        mechanicNotes: "All good",
      },
    });
    expect(created.status).toBe(200);
    const polled = await get<Page<Dvir>>(dvirsStreamRoute.GET, `/dvirs/stream?startTime=${start}&after=${feed.body.pagination.endCursor}`);
    expect(polled.body.data.map((dvir) => dvir.id)).toEqual([(created.body as { data: Dvir }).data.id]);
    expect(polled.body.data[0].authorSignature.type).toBe("mechanic");
    const safe = await get<Page<Dvir>>(dvirsStreamRoute.GET, `/dvirs/stream?startTime=${start}&safetyStatus=safe`);
    expect(safe.body.data.every((dvir) => dvir.safetyStatus === "safe")).toBe(true);
    expect((await get(dvirsStreamRoute.GET, `/dvirs/stream?startTime=yesterday`)).status).toBe(400);
    expect((await get(dvirsStreamRoute.GET, `/dvirs/stream?startTime=${start}&safetyStatus=broken`)).status).toBe(400);
  });

  it("GET /dvirs/{id} and /defects/{id} answer the record itself; another tenant's are 404", async () => {
    const [dvirId] = fixture.demo.dvirIds;
    const dvir = await get<Dvir>(dvirRoute.GET, `/dvirs/${dvirId}`, { id: String(dvirId) });
    expect(dvir.body).toMatchObject({ id: String(dvirId), type: "preTrip", defectIds: expect.any(Array) });
    const defect = await get<Defect>(defectRoute.GET, `/defects/${dvir.body.defectIds[0]}`, { id: dvir.body.defectIds[0] });
    expect(defect.body).toMatchObject({ id: dvir.body.defectIds[0], dvirId: String(dvirId), isResolved: false });
    const theirs = fixture.other.dvirIds[0];
    expect((await get(dvirRoute.GET, `/dvirs/${theirs}`, { id: String(theirs) })).status).toBe(404);
  });

  it("PATCH /fleet/defects/{id} resolves by a user or the key; PATCH /fleet/dvirs/{id} resolves the rest", async () => {
    const dvirId = String(fixture.demo.dvirIds[0]);
    const { defectIds } = (await get<Dvir>(dvirRoute.GET, `/dvirs/${dvirId}`, { id: dvirId })).body;
    const patch = (id: string, body: unknown) =>
      callFleet(updateDefectRoute.PATCH, `/fleet/defects/${id}`, { key: fixture.demo.key, method: "PATCH", body, params: { id } });
    expect((await patch(defectIds[0], { isResolved: false })).status).toBe(400);
    const byUser = await patch(defectIds[0], {
      isResolved: true,
      resolvedBy: { id: String(fixture.demo.userIds[0]), type: "mechanic" },
      mechanicNotes: "Pads",
    });
    expect(byUser.status).toBe(200);
    expect((byUser.body as { data: Defect }).data).toMatchObject({
      isResolved: true,
      resolution: "repaired",
      resolvedBy: { id: String(fixture.demo.userIds[0]), type: "mechanic" },
    });
    expect((await patch(defectIds[1], { isResolved: true, resolvedBy: { id: String(fixture.other.userIds[0]), type: "mechanic" } })).status).toBe(404);
    const resolved = await callFleet(updateDvirRoute.PATCH, `/fleet/dvirs/${dvirId}`, {
      key: fixture.demo.key,
      method: "PATCH",
      body: { authorId: String(fixture.demo.userIds[0]), isResolved: true },
      params: { id: dvirId },
    });
    expect((resolved.body as { data: Dvir }).data.safetyStatus).toBe("resolved");
    const open = await get<Page<Defect>>(defectsStreamRoute.GET, `/defects/stream?startTime=${encodeURIComponent(since())}&isResolved=false`);
    expect(open.body.data.map((defect) => defect.id)).not.toContain(defectIds[1]);
  });

  it("POST /fleet/dvirs: only mechanic reports, a vehicle required, the author and resolved defects the tenant's", async () => {
    const post = (body: unknown) => callFleet(createDvirRoute.POST, "/fleet/dvirs", { key: fixture.demo.key, method: "POST", body });
    const base = { authorId: String(fixture.demo.userIds[0]), type: "mechanic", safetyStatus: "safe", vehicleId: String(fixture.demo.vehicleIds[2]) };
    expect((await post({ ...base, type: "preTrip" })).status).toBe(400);
    expect((await post({ ...base, vehicleId: undefined, trailerId: "7" })).body).toMatchObject({ message: expect.stringContaining("trailerId") });
    expect((await post({ ...base, authorId: String(fixture.other.userIds[0]) })).status).toBe(404);
    expect((await post({ ...base, vehicleId: String(fixture.other.vehicleIds[0]) })).status).toBe(404);
    expect((await post({ ...base, resolvedDefectIds: [String(fixture.other.defectIds[0])] })).status).toBe(404);
  });
});
