import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getAuth } from "@/app/api/v1/auth/route";
import { POST as receiveSnapshot } from "@/app/api/v1/camera/snapshot/route";
import { GET as getWasteJobs } from "@/app/api/v1/wastejob/route";
import { auditEvents, cameraSecrets, clientKeys } from "@/db/schema";
import { userActor } from "@/lib/platform/audit";
import { listCameraSecrets, revokeCameraSecret, rotateCameraSecret } from "@/lib/ingestion/camera/camera-secrets";
import { signCameraBody } from "@/lib/ingestion/camera/identify-camera-company";
import { createClientKey, listClientKeys, revokeClientKey } from "@/lib/access/client-keys";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { call, issueToken } from "../../interfaces/legacy-api/legacy-client";

const database = useTestDatabase();
let demoCompanyId = 0;
let otherCompanyId = 0;
const admin = userActor({ user: { id: 1, name: "Demo Admin" }, ip: "198.51.100.4", requestId: "req_test" });

beforeAll(async () => {
  ({ demoCompanyId, otherCompanyId } = await seedTestCompanies({ db: database().db }));
});

const exchange = (clientKey: string) => call(getAuth, "/api/v1/auth", { headers: { "X-Client-Key": clientKey } });
const eventsOf = (targetType: string, targetId: number) =>
  database()
    .db.select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, targetType), eq(auditEvents.targetId, String(targetId))))
    .orderBy(auditEvents.id);

describe("ClientKeys", () => {
  it("a new key works at once and is listed by name and start only; revoking it refuses the key and its tokens on the next request", async () => {
    const { db } = database();
    const { record, key } = await createClientKey({ db, companyId: demoCompanyId, name: "Route planner", actor: admin });
    expect(key).toMatch(/^[0-9A-Za-z]{40}$/);
    const token = await issueToken(key);
    expect((await call(getWasteJobs, "/api/v1/wastejob", { token })).status).toBe(200);

    const listed = await listClientKeys({ db, companyId: demoCompanyId });
    expect(listed.find((row) => row.id === record.id)).toEqual({
      id: record.id,
      name: "Route planner",
      start: `${key.slice(0, 6)}…`,
      createdAt: expect.any(Date),
      revokedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(key);
    expect((await listClientKeys({ db, companyId: otherCompanyId })).map((row) => row.id)).not.toContain(record.id);

    await revokeClientKey({ db, companyId: demoCompanyId, id: record.id, actor: admin });
    // No cache in front of the ClientKey table: the very next exchange and the very next request are refused.
    expect((await exchange(key)).status).toBe(401);
    expect((await call(getWasteJobs, "/api/v1/wastejob", { token })).status).toBe(401);
    // Another company's key is not found; revoking twice records one event.
    await expect(revokeClientKey({ db, companyId: otherCompanyId, id: record.id, actor: admin })).rejects.toMatchObject({ code: "not_found" });
    await revokeClientKey({ db, companyId: demoCompanyId, id: record.id, actor: admin });
    const events = await eventsOf("client_key", record.id);
    expect(events.map((event) => [event.action, event.actorName, event.actorIp])).toEqual([
      ["client_key.created", "Demo Admin", "198.51.100.4"],
      ["client_key.revoked", "Demo Admin", "198.51.100.4"],
    ]);
    expect(JSON.stringify(events)).not.toContain(key);
  });

  it("keeps several named keys per company, each working on its own; refuses a blank name", async () => {
    const { db } = database();
    const first = await createClientKey({ db, companyId: demoCompanyId, name: "Partner A", actor: admin });
    const second = await createClientKey({ db, companyId: demoCompanyId, name: "Partner B", actor: admin });
    await revokeClientKey({ db, companyId: demoCompanyId, id: first.record.id, actor: admin });
    expect((await exchange(first.key)).status).toBe(401);
    expect((await exchange(second.key)).status).toBe(200);
    await expect(createClientKey({ db, companyId: demoCompanyId, name: "  ", actor: admin })).rejects.toMatchObject({ code: "bad_request" });
    const [stored] = await db.select().from(clientKeys).where(eq(clientKeys.id, second.record.id));
    expect(stored.createdByUserId).toBe(1);
  });
});

describe("camera secret rotation", () => {
  const body = (eventId: string) =>
    JSON.stringify({
      eventId,
      deviceId: "cam-1",
      kind: "snapshot",
      mediaUrl: `https://media.camera.example/${eventId}.jpg`,
      capturedAt: "2026-05-03T12:00:00Z",
    });
  const deliver = (eventId: string, secret: string, secretId?: number | string) => {
    const raw = body(eventId);
    return call(receiveSnapshot, "/api/v1/camera/snapshot", {
      method: "POST",
      body: raw,
      headers: {
        "Content-Type": "application/json",
        "X-Camera-Signature": signCameraBody(secret, raw),
        ...(secretId === undefined ? {} : { "X-Camera-Secret-Id": String(secretId) }),
      },
    });
  };

  it("both secrets verify during the overlap window, the old one stops when it ends; the id header finds the secret directly", async () => {
    const { db } = database();
    const [seeded] = await db.select().from(cameraSecrets).where(eq(cameraSecrets.companyId, demoCompanyId));
    const { record, secret } = await rotateCameraSecret({ db, companyId: demoCompanyId, overlapHours: 24, actor: admin });
    expect(secret).not.toBe(seeded.secret);
    expect((await deliver("rot-old", seeded.secret)).status).toBe(201);
    expect((await deliver("rot-new", secret)).status).toBe(201);
    expect((await deliver("rot-new-id", secret, record.id)).status).toBe(201);
    expect((await deliver("rot-old-id", seeded.secret, seeded.id)).status).toBe(201);
    // The id names the secret: another secret's signature under it, an unknown id or a malformed one are refused.
    expect((await deliver("rot-mixed", seeded.secret, record.id)).status).toBe(401);
    expect((await deliver("rot-unknown", secret, 999_999)).status).toBe(401);
    expect((await deliver("rot-bad", secret, "one")).status).toBe(401);

    const listed = await listCameraSecrets({ db, companyId: demoCompanyId });
    const old = listed.find((row) => row.id === seeded.id)!;
    expect(old.expiresAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(listed.find((row) => row.id === record.id)).toMatchObject({ expiresAt: null, start: `${secret.slice(0, 6)}…` });

    // The window's end, as the database's clock will see it.
    await db
      .update(cameraSecrets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(cameraSecrets.id, seeded.id));
    expect((await deliver("rot-old-late", seeded.secret)).status).toBe(401);
    expect((await deliver("rot-old-late-id", seeded.secret, seeded.id)).status).toBe(401);
    expect((await deliver("rot-new-late", secret)).status).toBe(201);

    const [rotated] = await eventsOf("camera_secret", record.id);
    expect(rotated).toMatchObject({ action: "camera_secret.rotated", actorName: "Demo Admin", companyId: demoCompanyId });
    expect(JSON.stringify(rotated.changes)).not.toContain(secret);
  });

  it("a rotation with no overlap ends the old secret at once; revoking stops a secret; other companies' ids are not found", async () => {
    const { db } = database();
    const first = await rotateCameraSecret({ db, companyId: otherCompanyId, actor: admin });
    expect((await eventsOf("camera_secret", first.record.id))[0].action).toBe("camera_secret.created");
    const second = await rotateCameraSecret({ db, companyId: otherCompanyId, overlapHours: 0, actor: admin });
    expect((await deliver("zero-old", first.secret)).status).toBe(401);
    expect((await deliver("zero-new", second.secret, second.record.id)).status).toBe(201);
    await expect(rotateCameraSecret({ db, companyId: otherCompanyId, overlapHours: 500, actor: admin })).rejects.toMatchObject({ code: "bad_request" });
    await expect(revokeCameraSecret({ db, companyId: demoCompanyId, id: second.record.id, actor: admin })).rejects.toMatchObject({ code: "not_found" });
    await revokeCameraSecret({ db, companyId: otherCompanyId, id: second.record.id, actor: admin });
    expect((await deliver("zero-revoked", second.secret)).status).toBe(401);
    expect((await eventsOf("camera_secret", second.record.id)).map((event) => event.action)).toEqual(["camera_secret.rotated", "camera_secret.revoked"]);
  });
});
