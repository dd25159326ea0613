import { describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

describe("maintenance (DVIRs and defects) through the SDK", () => {
  it("getDefectTypes, getDvirs, getDvir, streamDefects and getDefect in Samsara's shapes; another company's are 404", async () => {
    const { client } = createSdkClient(await mintKey({ scopes: ["maintenance:read"] }));
    const types = await client.maintenance.getDefectTypes();
    expectSdkShape(types, "DvirDefectTypeGetDefectTypesResponseBody");
    expect(types.data.map((type) => type.label)).toEqual(expect.arrayContaining(["Brakes", "Steering", "Tires", "Coupling devices", "Other"]));
    const dvirs = await client.maintenance.getDvirs({ startTime: hourAgo(), endTime: new Date(Date.now() + 60_000).toISOString(), limit: 200 });
    expectSdkShape(dvirs, "DvirGetDvirsResponseBody");
    const [first] = dvirs.data;
    expect(first).toMatchObject({ safetyStatus: "unsafe", authorSignature: { type: "driver" } });
    const one = await client.maintenance.getDvir({ id: first.id });
    expectSdkShape(one, "DvirGetDvirResponseBody");
    expect(one.id).toBe(first.id);
    const defects = await client.maintenance.streamDefects({ startTime: hourAgo(), isResolved: false });
    expectSdkShape(defects, "DvirDefectStreamDefectsResponseBody");
    expect(defects.pagination.endCursor).not.toBe("");
    const defect = await client.maintenance.getDefect({ id: first.defectIds![0] });
    expectSdkShape(defect, "DvirDefectGetDefectResponseBody");
    expect(defect).toMatchObject({ dvirId: first.id, isResolved: false });
    // The fixture's first report: a photo of its first defect, and the next driver's review.
    const reviewed = dvirs.data.find((dvir) => dvir.secondSignature);
    expect(reviewed?.secondSignature).toMatchObject({ type: "driver", signatoryUser: { name: "Fixture Next Driver" } });
    const withPhoto = await client.maintenance.getDefect({ id: reviewed!.defectIds![0] });
    expect(withPhoto.defectPhotos).toEqual([{ createdAtTime: expect.any(String), url: expect.stringMatching(/\/inspections\/photos\/\d+$/) }]);
    const other = createSdkClient(await mintKey({ company: "other" })).client;
    await expect(other.maintenance.getDvir({ id: first.id })).rejects.toMatchObject({ statusCode: 404 });
    await expect(client.maintenance.createDvir({ authorId: "1", safetyStatus: "safe", type: "mechanic", vehicleId: "1" })).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it("createDvir (a mechanic's, resolving a defect), updateDvirDefect and updateDvir resolve what the drivers reported", async () => {
    const { client } = createSdkClient(await mintKey());
    const mechanic = (await client.users.listUsers({ limit: 1 })).data![0];
    const open = await client.maintenance.streamDefects({ startTime: hourAgo(), endTime: new Date(Date.now() + 60_000).toISOString(), isResolved: false });
    const [repaired, waived] = open.data;
    const fromDvir = await client.maintenance.getDvir({ id: repaired.dvirId });
    const created = await client.maintenance.createDvir({
      authorId: mechanic.id,
      type: "mechanic",
      safetyStatus: "safe",
      vehicleId: fromDvir.vehicle!.id,
      mechanicNotes: "Brakes adjusted",
      resolvedDefectIds: [repaired.id],
    });
    expectSdkShape(created, "DvirResponse");
    expect(created.data).toMatchObject({ type: "mechanic", safetyStatus: "safe", mechanicNotes: "Brakes adjusted" });
    expect(await client.maintenance.getDefect({ id: repaired.id })).toMatchObject({ isResolved: true, resolvedBy: { id: mechanic.id, type: "mechanic" } });
    const updated = await client.maintenance.updateDvirDefect({ id: waived.id, isResolved: true, mechanicNotes: "Within limits" });
    expectSdkShape(updated, "DefectResponse");
    expect(updated.data).toMatchObject({ id: waived.id, isResolved: true, mechanicNotes: "Within limits" });
    const resolved = await client.maintenance.updateDvir({ id: repaired.dvirId, authorId: mechanic.id, isResolved: true });
    expectSdkShape(resolved, "DvirResponse");
    expect(resolved.data?.safetyStatus).toBe("resolved");
  });

  it("the legacy getDvirHistory and getDvirDefects page the reports and defects of a range in Samsara's shapes", async () => {
    const { client } = createSdkClient(await mintKey({ scopes: ["maintenance:read"] }));
    const range = { startTime: hourAgo(), endTime: new Date(Date.now() + 60_000).toISOString() };
    const history = await client.legacyApIs.getDvirHistory({ ...range, limit: 1 });
    expectSdkShape(history, "DvirsListResponse");
    expect(history.data).toHaveLength(1);
    // The test above resolved the reports' defects: the history shows the reports as they are now.
    expect(history.data[0]).toMatchObject({ type: "preTrip", vehicleDefects: [{ defectType: expect.any(String) }, {}] });
    expect(history.pagination.hasNextPage).toBe(true);
    const rest = await client.legacyApIs.getDvirHistory({ ...range, after: history.pagination.endCursor });
    expect(rest.data.map((dvir) => dvir.id)).not.toContain(history.data[0].id);
    const defects = await client.legacyApIs.getDvirDefects({ ...range, isResolved: true });
    expectSdkShape(defects, "DefectsResponse");
    expect(defects.data!.every((defect) => defect.isResolved)).toBe(true);
    expect(defects.data!.map((defect) => defect.id)).toEqual(expect.arrayContaining(history.data[0].vehicleDefects!.map((defect) => defect.id)));
  });
});
