import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/db/rows";
import { listAuditEvents } from "@/lib/platform/audit";
import { hashApiKey } from "@/lib/access/api-keys/key-format";
import { CURRENT_API_VERSION } from "@/lib/platform/api-versions";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { adminRequest, adminToken, createKey, listKeys, revokeKey } from "./admin-requests";
import { POST as postApiKey } from "@/app/api/v2/api-keys/route";
import { GET as getHosClocks } from "@/app/fleet/hos/clocks/route";
import { GET as getVehicles } from "@/app/fleet/vehicles/route";
import { CLIENT_IP_HEADER } from "@/lib/platform/http";

const database = useTestDatabase();
let demoCompanyId: number;
let otherCompanyId: number;
let demoToken: string;
let otherToken: string;

type CreatedKey = {
  id: string;
  key: string;
  start: string;
  name: string;
  scopes: string[];
  environment: string;
  status: string;
  revokedAt: string | null;
  [field: string]: unknown;
};

beforeAll(async () => {
  ({ demoCompanyId, otherCompanyId } = await seedTestCompanies({ db: database().db, liveVehicles: 2 }));
  demoToken = await adminToken();
  otherToken = await adminToken("admin@other.test", "other-password-1");
});

/** The audit log's events about one key, newest first. */
const keyEvents = async (companyId: number, keyId: string) =>
  (await listAuditEvents({ db: database().db, companyId, filters: { targetType: "api_key", targetId: keyId } })).events;

const created = async (body: unknown, token = demoToken): Promise<CreatedKey> => {
  const response = await createKey(token, body);
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedKey;
};

const expectBadRequest = async (body: unknown, message: RegExp) => {
  const response = await createKey(demoToken, body);
  expect(response.status).toBe(400);
  const error = (await response.json()) as { message: string; requestId: string };
  expect(error.message).toMatch(message);
  expect(error.requestId).toMatch(/^req_/);
};

describe("POST /api/v2/api-keys", () => {
  it("creates a live key: svc_live_ + base62 secret shown once, pinned to the current version", async () => {
    const key = await created({ name: "Telematics partner", scopes: ["vehicles:read", "drivers:read"] });
    expect(key.key).toMatch(/^svc_live_[0-9A-Za-z]{32,}$/);
    expect(key).toMatchObject({
      name: "Telematics partner",
      scopes: ["vehicles:read", "drivers:read"],
      environment: "live",
      ipAllowlist: [],
      apiVersion: CURRENT_API_VERSION,
      status: "active",
      expiresAt: null,
      revokedAt: null,
      lastUsedAt: null,
    });
    expect(key.start).toBe(`${key.key.slice(0, 13)}…`);
    expect(key).not.toHaveProperty("hash");
  });

  it("creates a sandbox key with svc_test_, an allowlist and an expiry", async () => {
    const expiresAt = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
    const key = await created({ name: "Sandbox", scopes: ["hos:read"], environment: "test", ipAllowlist: ["203.0.113.0/24", "2001:db8::1"], expiresAt });
    expect(key.key).toMatch(/^svc_test_[0-9A-Za-z]{32,}$/);
    expect(key).toMatchObject({ environment: "test", ipAllowlist: ["203.0.113.0/24", "2001:db8::1"], expiresAt });
  });

  it("stores only the hash and the visible start, never the secret", async () => {
    const key = await created({ name: "Hash check", scopes: ["drivers:write"] });
    const rows = await queryRows<Record<string, unknown>>(database().db, sql`select * from api_keys where id = ${key.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0].hash).toBe(hashApiKey(key.key));
    expect(rows[0].start).toBe(key.start);
    const secretPart = key.key.slice("svc_live_".length);
    const everything =
      JSON.stringify(await queryRows(database().db, sql`select * from api_keys`)) +
      JSON.stringify(await queryRows(database().db, sql`select * from audit_events`));
    expect(everything).not.toContain(secretPart);
  });

  it("rejects bad bodies with 400 naming the field", async () => {
    await expectBadRequest({ name: "x", scopes: ["vehicles:read", "vehicles:delete"] }, /scopes.*Unknown scope "vehicles:delete"/);
    await expectBadRequest({ name: "x", scopes: [] }, /"scopes".*at least one/);
    await expectBadRequest({ name: "x" }, /"scopes"/);
    await expectBadRequest({ name: "", scopes: ["hos:read"] }, /"name"/);
    await expectBadRequest({ name: "y".repeat(101), scopes: ["hos:read"] }, /"name".*100/);
    await expectBadRequest({ name: "x", scopes: ["hos:read"], ipAllowlist: ["10.0.0.0/33"] }, /"ipAllowlist.0".*10\.0\.0\.0\/33/);
    await expectBadRequest({ name: "x", scopes: ["hos:read"], ipAllowlist: ["1.2.3.4", "127.1"] }, /"ipAllowlist.1"/);
    await expectBadRequest({ name: "x", scopes: ["hos:read"], environment: "prod" }, /"environment"/);
    await expectBadRequest({ name: "x", scopes: ["hos:read"], expiresAt: "2020-01-01T00:00:00Z" }, /"expiresAt".*future/);
    await expectBadRequest({ name: "x", scopes: ["hos:read"], expiresAt: "next tuesday" }, /"expiresAt".*RFC 3339/);
    const badJson = await postApiKey(adminRequest("/api/v2/api-keys", { method: "POST", token: demoToken, body: '{"name": "x", scopes: [' }));
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { message: string }).message).toMatch(/not valid JSON/);
  });
});

describe("GET /api/v2/api-keys", () => {
  it("lists the company's keys with start and status, never a secret or hash, and not other companies' keys", async () => {
    const mine = await created({ name: "Listed", scopes: ["vehicles:read"] });
    const theirs = await created({ name: "Theirs", scopes: ["vehicles:read"] }, otherToken);
    const response = await listKeys(demoToken);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(mine.key);
    expect(text).not.toContain(mine.key.slice(13));
    const { data } = JSON.parse(text) as { data: Record<string, unknown>[] };
    const listed = data.find((key) => key.id === mine.id);
    expect(listed).toMatchObject({ name: "Listed", start: mine.start, status: "active", lastUsedAt: null });
    expect(listed).not.toHaveProperty("key");
    expect(listed).not.toHaveProperty("hash");
    expect(data.map((key) => key.id)).not.toContain(theirs.id);
  });
});

describe("DELETE /api/v2/api-keys/{id}", () => {
  it("revokes the key, keeps the first revokedAt when revoked again, and records who did it", async () => {
    const key = await created({ name: "To revoke", scopes: ["hos:read"] });
    const first = await revokeKey(demoToken, key.id);
    expect(first.status).toBe(200);
    const revoked = (await first.json()) as CreatedKey;
    expect(revoked).toMatchObject({ id: key.id, status: "revoked" });
    expect(revoked.revokedAt).not.toBeNull();
    expect(revoked).not.toHaveProperty("key");

    const again = (await (await revokeKey(demoToken, key.id)).json()) as CreatedKey;
    expect(again.revokedAt).toBe(revoked.revokedAt);

    const { data } = (await (await listKeys(demoToken)).json()) as { data: CreatedKey[] };
    expect(data.find((listed) => listed.id === key.id)?.status).toBe("revoked");

    const events = await keyEvents(demoCompanyId, key.id);
    expect(events.map((event) => [event.action, event.actorType, event.actorName])).toEqual([
      ["api_key.revoked", "admin_token", "Demo Fleet Admin"],
      ["api_key.created", "admin_token", "Demo Fleet Admin"],
    ]);
    expect(events[1].changes.name).toEqual({ before: null, after: "To revoke" });
  });

  it("answers 404 for another company's key and for an unknown id, and leaves the key active", async () => {
    const theirs = await created({ name: "Not yours", scopes: ["vehicles:read"] }, otherToken);
    const response = await revokeKey(demoToken, theirs.id);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toContain(theirs.id);
    expect((await revokeKey(demoToken, "key_doesnotexist")).status).toBe(404);
    const { data } = (await (await listKeys(otherToken)).json()) as { data: CreatedKey[] };
    expect(data.find((key) => key.id === theirs.id)?.status).toBe("active");
    expect(await keyEvents(demoCompanyId, theirs.id)).toHaveLength(0);
    expect(await keyEvents(otherCompanyId, theirs.id)).toHaveLength(1);
  });
});

describe("a key created here, on the public interface", () => {
  const fleetRequest = (key: string, ip = "203.0.113.9") =>
    new Request("http://fleet.test/fleet/vehicles", { headers: { authorization: `Bearer ${key}`, [CLIENT_IP_HEADER]: ip } });

  it("reads what its scopes allow (200), nothing else (403), and is refused (401) right after revocation", async () => {
    const { id, key } = await created({ name: "Partner", scopes: ["vehicles:read", "drivers:read"] });
    expect((await getVehicles(fleetRequest(key))).status).toBe(200);
    expect((await getHosClocks(fleetRequest(key))).status).toBe(403);
    expect((await revokeKey(demoToken, id)).status).toBe(200);
    expect((await getVehicles(fleetRequest(key))).status).toBe(401);
  });

  it("honours the allowlist it was created with", async () => {
    const { key } = await created({ name: "Office only", scopes: ["vehicles:read"], ipAllowlist: ["203.0.113.0/24"] });
    expect((await getVehicles(fleetRequest(key, "203.0.113.200"))).status).toBe(200);
    expect((await getVehicles(fleetRequest(key, "198.51.100.1"))).status).toBe(403);
  });
});
