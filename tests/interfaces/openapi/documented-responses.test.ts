import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { createIngestToken } from "@/lib/ingestion/batch";
import { getOpenApiDocument } from "@/lib/interfaces/openapi/build-document";
import { POST as postBatch } from "@/app/ingest/batch/route";
import { adminRequest, adminToken, createKey, listKeys, postToken, revokeKey } from "../admin-api/admin-requests";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { documentedResponse } from "./documented-schema";
import { testActor } from "../../helpers/devices";

const database = useTestDatabase();
const document = getOpenApiDocument();
let token: string;
let demoCompanyId: number;

beforeAll(async () => {
  ({ demoCompanyId } = await seedTestCompanies({ db: database().db, liveVehicles: 2 }));
  token = await adminToken();
});

describe("real responses match the documented schemas", () => {
  it("POST /api/v2/auth/token", async () => {
    const response = await postToken(
      adminRequest("/api/v2/auth/token", { method: "POST", body: { email: "admin@demo.test", password: "demo-password-1" }, ip: "198.51.100.80" }),
    );
    expect(response.status).toBe(200);
    documentedResponse({ document, path: "/api/v2/auth/token", method: "post", status: "200" }).parse(await response.json());
  });

  it("POST /api/v2/api-keys, GET /api/v2/api-keys and DELETE /api/v2/api-keys/{id}", async () => {
    const createdResponse = await createKey(token, {
      name: "Documented",
      scopes: ["vehicles:read"],
      expiresAt: "2040-01-01T00:00:00Z",
      ipAllowlist: ["203.0.113.0/24"],
    });
    expect(createdResponse.status).toBe(201);
    const created = (await createdResponse.json()) as { id: string; key: string };
    documentedResponse({ document, path: "/api/v2/api-keys", method: "post", status: "201" }).parse(created);

    const listed = await listKeys(token);
    expect(listed.status).toBe(200);
    const list = (await listed.json()) as { data: unknown[] };
    expect(list.data.length).toBeGreaterThan(0);
    documentedResponse({ document, path: "/api/v2/api-keys", method: "get", status: "200" }).parse(list);

    const revoked = await revokeKey(token, created.id);
    expect(revoked.status).toBe(200);
    documentedResponse({ document, path: "/api/v2/api-keys/{id}", method: "delete", status: "200" }).parse(await revoked.json());

    const missing = await revokeKey(token, "key_doesnotexist");
    expect(missing.status).toBe(404);
    documentedResponse({ document, path: "/api/v2/api-keys/{id}", method: "delete", status: "404" }).parse(await missing.json());
  });

  it("the documented schema refuses a body that drifted (a listed key showing its secret, a time as a number)", async () => {
    const list = (await (await listKeys(token)).json()) as { data: Record<string, unknown>[] };
    const schema = documentedResponse({ document, path: "/api/v2/api-keys", method: "get", status: "200" });
    expect(schema.safeParse({ data: [{ ...list.data[0], key: "svc_live_secret" }] }).success).toBe(false);
    expect(schema.safeParse({ data: [{ ...list.data[0], createdAt: Date.now() }] }).success).toBe(false);
  });

  it("POST /ingest/batch", async () => {
    const { token: ingestToken } = await createIngestToken({
      db: getDb(),
      companyId: demoCompanyId,
      dataset: "live",
      name: "documented gateway",
      actor: testActor,
    });
    const vehicleId = (await getDb().query.vehicles.findFirst({
      where: (vehicles, { and, eq }) => and(eq(vehicles.companyId, demoCompanyId), eq(vehicles.dataset, "live")),
    }))!.id;
    const response = await postBatch(
      new Request("http://ingest.test/ingest/batch", {
        method: "POST",
        headers: { authorization: `Bearer ${ingestToken}`, "content-type": "application/json" },
        body: JSON.stringify([{ vehicleId, time: new Date(Date.now() - 60_000).toISOString(), latitude: 52.52, longitude: 13.4, speed: 10 }]),
      }),
    );
    expect(response.status).toBe(200);
    documentedResponse({ document, path: "/ingest/batch", method: "post", status: "200" }).parse(await response.json());
  });
});
