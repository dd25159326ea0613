import { SignJWT } from "jose";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getAuth } from "@/app/api/v1/auth/route";
import { GET as healthCheck } from "@/app/api/v1/auth/healthCheck/route";
import { GET as getWasteJobs } from "@/app/api/v1/wastejob/route";
import { clientKeys } from "@/db/schema";
import { deriveSecret, reloadConfig } from "@/lib/platform/config";
import { sha256Hex } from "@/lib/platform/crypto";
import { legacyAuthResponseSchema } from "@/lib/interfaces/legacy-api/schemas";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { BASE, call, expectError, expectShape, issueToken } from "./legacy-client";

const database = useTestDatabase();
let demoCompanyId = 0;

beforeAll(async () => {
  ({ demoCompanyId } = await seedTestCompanies({ db: database().db }));
});

afterEach(() => {
  vi.unstubAllEnvs();
  reloadConfig();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("GET /api/v1/auth", () => {
  it("trades the ClientKey for { userId: null, token }", async () => {
    const result = await call(getAuth, "/api/v1/auth", { headers: { "X-Client-Key": "demo-client-key" } });
    expect(result.status).toBe(200);
    const body = expectShape(legacyAuthResponseSchema, result.json);
    expect(body.token.split(".")).toHaveLength(3);
  });

  it("accepts the legacy header name client_key", async () => {
    const result = await call(getAuth, "/api/v1/auth", { headers: { client_key: "demo-client-key" } });
    expect(result.status).toBe(200);
    expect(result.json.userId).toBeNull();
  });

  it("answers 401 for a missing or unknown key", async () => {
    expectError(await call(getAuth, "/api/v1/auth"), 401);
    expectError(await call(getAuth, "/api/v1/auth", { headers: { "X-Client-Key": "not-a-key" } }), 401);
  });

  it("answers 401 for a revoked key, and its earlier tokens stop working", async () => {
    const { db } = database();
    await db.insert(clientKeys).values({ companyId: demoCompanyId, name: "to revoke", hash: sha256Hex("revoked-key") });
    const token = await issueToken("revoked-key");
    expect((await call(getWasteJobs, "/api/v1/wastejob", { token })).status).toBe(200);
    await db
      .update(clientKeys)
      .set({ revokedAt: new Date() })
      .where(eq(clientKeys.hash, sha256Hex("revoked-key")));
    expectError(await call(getAuth, "/api/v1/auth", { headers: { "X-Client-Key": "revoked-key" } }), 401);
    expectError(await call(getWasteJobs, "/api/v1/wastejob", { token }), 401);
  });
});

describe("GET /api/v1/auth/healthCheck", () => {
  it("answers the plain text ok", async () => {
    const response = await healthCheck(new Request("http://localhost/api/v1/auth/healthCheck"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("ok");
  });
});

describe("legacy token", () => {
  it("lives 60 minutes by default", async () => {
    const token = await issueToken("demo-client-key");
    const payload = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
    expect(payload.exp - payload.iat).toBe(3600);
    expect(payload).toMatchObject({ companyId: demoCompanyId });
  });

  it("is refused with 401 once expired", async () => {
    // Not 1 s: "exp" is in whole seconds from the issuing second, so a 1-second token expires at the next
    // second boundary, which can fall between issuing it and the first call below.
    vi.stubEnv("LEGACY_TOKEN_TTL_SECONDS", "3");
    reloadConfig();
    const token = await issueToken("demo-client-key");
    expect((await call(getWasteJobs, "/api/v1/wastejob", { token })).status).toBe(200);
    const { iat, exp } = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as { iat: number; exp: number };
    expect(exp - iat).toBe(3);
    await sleep(exp * 1000 - Date.now() + 100);
    const expired = await call(getWasteJobs, "/api/v1/wastejob", { token });
    expectError(expired, 401);
    expect(expired.json.message).toMatch(/expired/);
  });

  it("refuses a missing, malformed, forged or foreign-purpose token with 401", async () => {
    expectError(await call(getWasteJobs, "/api/v1/wastejob"), 401);
    expectError(await call(getWasteJobs, "/api/v1/wastejob", { headers: { Authorization: "Basic abc" } }), 401);
    expectError(await call(getWasteJobs, "/api/v1/wastejob", { token: "not.a.jwt" }), 401);
    const claims = { companyId: demoCompanyId, clientKeyId: 1 };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("fleet-telematics")
      .setAudience("legacy-api")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("a-guessed-secret-of-sufficient-length!!"));
    expectError(await call(getWasteJobs, "/api/v1/wastejob", { token: forged }), 401);
    // Signed with the real key of another purpose (e.g. cursors): still not a legacy token.
    const otherPurpose = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setExpirationTime("1h").sign(deriveSecret("cursor"));
    expectError(await call(getWasteJobs, "/api/v1/wastejob", { token: otherPurpose }), 401);
    // A token whose payload was edited to name another company fails its signature.
    const real = await issueToken("demo-client-key");
    const [header, payload, signature] = real.split(".");
    const edited = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), companyId: 999 })).toString("base64url");
    expectError(await call(getWasteJobs, "/api/v1/wastejob", { token: `${header}.${edited}.${signature}` }), 401);
  });

  it("names the request in X-Request-Id on success too", async () => {
    const response = await getWasteJobs(
      new Request(`${BASE}/api/v1/wastejob`, { headers: { Authorization: `Bearer ${await issueToken("demo-client-key")}` } }),
    );
    expect(response.headers.get("X-Request-Id")).toMatch(/^req_/);
  });
});
