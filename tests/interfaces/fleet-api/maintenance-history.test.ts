import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as defectHistoryRoute from "@/app/fleet/defects/history/route";
import * as dvirHistoryRoute from "@/app/fleet/dvirs/history/route";
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
type LegacyDvir = { id: string; startTime: string; endTime: string; vehicle: { id: string }; vehicleDefects: { id: string; defectType: string }[] };
type Defect = { id: string; isResolved: boolean; createdAtTime: string };

const window = (startMs: number, endMs: number) => `startTime=${new Date(startMs).toISOString()}&endTime=${new Date(endMs).toISOString()}`;
const lastHour = () => window(Date.now() - 3_600_000, Date.now() + 60_000);
const get = <T>(handler: typeof dvirHistoryRoute.GET, path: string, key = fixture.demo.key) =>
  callFleet(handler, path, { key }) as Promise<{ status: number; body: T }>;

describe("Samsara's legacy DVIR and defect history", () => {
  it("GET /fleet/dvirs/history: the reports submitted in the range with their defects, paged in id order, by tag", async () => {
    // One range for every page: a cursor is good for the range it was issued for.
    const range = lastHour();
    const all = await get<Page<LegacyDvir>>(dvirHistoryRoute.GET, `/fleet/dvirs/history?${range}`);
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(2);
    expect(all.body.data[0]).toMatchObject({ vehicle: { id: String(fixture.demo.vehicleIds[0]) }, vehicleDefects: [{ defectType: "Brakes" }, {}] });
    const first = await get<Page<LegacyDvir>>(dvirHistoryRoute.GET, `/fleet/dvirs/history?${range}&limit=1`);
    expect(first.body.pagination.hasNextPage).toBe(true);
    const next = await get<Page<LegacyDvir>>(dvirHistoryRoute.GET, `/fleet/dvirs/history?${range}&after=${first.body.pagination.endCursor}`);
    expect([...first.body.data, ...next.body.data].map((dvir) => dvir.id)).toEqual(all.body.data.map((dvir) => dvir.id));
    expect(next.body.pagination).toEqual({ endCursor: "", hasNextPage: false });

    // The fixture's first tag carries the first two vehicles (the reports' vehicle); its last tag none.
    const tagged = await get<Page<LegacyDvir>>(dvirHistoryRoute.GET, `/fleet/dvirs/history?${lastHour()}&tagIds=${fixture.demo.tagIds[0]}`);
    expect(tagged.body.data).toHaveLength(2);
    const untagged = await get<Page<LegacyDvir>>(dvirHistoryRoute.GET, `/fleet/dvirs/history?${lastHour()}&tagIds=${fixture.demo.tagIds.at(-1)}`);
    expect(untagged.body.data).toEqual([]);
    const earlier = await get<Page<LegacyDvir>>(dvirHistoryRoute.GET, `/fleet/dvirs/history?${window(Date.now() - 7_200_000, Date.now() - 3_600_000)}`);
    expect(earlier.body.data).toEqual([]);
  });

  it("GET /fleet/defects/history: the defects reported in the range, open or resolved when asked", async () => {
    const all = await get<Page<Defect>>(defectHistoryRoute.GET, `/fleet/defects/history?${lastHour()}`);
    expect(all.body.data).toHaveLength(4);
    expect(all.body.data.map((defect) => defect.id)).toEqual(fixture.demo.defectIds.map(String));
    const open = await get<Page<Defect>>(defectHistoryRoute.GET, `/fleet/defects/history?${lastHour()}&isResolved=false`);
    const resolved = await get<Page<Defect>>(defectHistoryRoute.GET, `/fleet/defects/history?${lastHour()}&isResolved=true`);
    expect(open.body.data.every((defect) => !defect.isResolved)).toBe(true);
    expect(resolved.body.data.every((defect) => defect.isResolved)).toBe(true);
    expect(open.body.data.length + resolved.body.data.length).toBe(4);
  });

  it("answers only the key's company, requires both ends of the range, and refuses more than 30 days", async () => {
    const theirs = await get<Page<LegacyDvir>>(dvirHistoryRoute.GET, `/fleet/dvirs/history?${lastHour()}`, fixture.other.key);
    expect(theirs.body.data.length).toBeGreaterThan(0);
    const ours = await get<Page<LegacyDvir>>(dvirHistoryRoute.GET, `/fleet/dvirs/history?${lastHour()}`);
    expect(theirs.body.data.map((dvir) => dvir.id).filter((id) => ours.body.data.some((dvir) => dvir.id === id))).toEqual([]);
    const noEnd = await get<{ message: string; requestId: string }>(defectHistoryRoute.GET, `/fleet/defects/history?startTime=${new Date().toISOString()}`);
    expect(noEnd.status).toBe(400);
    expect(noEnd.body.requestId).toBeTruthy();
    const tooLong = await get<{ message: string }>(dvirHistoryRoute.GET, `/fleet/dvirs/history?${window(Date.now() - 31 * 86_400_000, Date.now())}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/30 days/);
  });
});
