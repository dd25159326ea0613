import { eq, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/db/rows";
import { clientKeys } from "@/db/schema";
import { signAdminToken } from "@/lib/interfaces/admin-api/admin-token";
import { getAuthOptions } from "@/lib/access/auth/auth-options";
import { signCameraBody } from "@/lib/ingestion/camera/identify-camera-company";
import { deriveSecret, getSecret } from "@/lib/platform/config";
import { encode } from "next-auth/jwt";
import { getRequestUser } from "@/app/_server/session";
import { revokeIngestToken } from "@/lib/ingestion/batch";
import { runCommonRouteTests } from "../helpers/fleet-route-matrix";
import { resetRateLimits } from "../helpers/fleet-request";
import { useTestDatabase } from "../helpers/test-database";
import { callRoute, expectErrorBody, type RouteCall } from "./call-route";
import { setupHarnessFixture, type HarnessFixture } from "./fixture";
import { ROUTE_REGISTRY, type RegisteredRoute } from "./registry";
import { testActor } from "../helpers/devices";

const database = useTestDatabase();
let fixture: HarnessFixture;
beforeAll(async () => {
  fixture = await setupHarnessFixture(database().db);
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const HOUR_S = 3600;

/** The sample request of a route with the given credentials headers (and, for camera, the body's signature). */
const send = async (route: RegisteredRoute, headers: Record<string, string>, overrides: RouteCall = {}) => {
  await resetRateLimits(database().db);
  const sample = route.sample(fixture);
  return callRoute(route, { ...sample, ...overrides, headers: { ...headers, ...overrides.headers } });
};

/** A legacy JWT with the right claims, signed with another key or already expired. */
const legacyJwt = async ({ key, expiresAt }: { key: Uint8Array; expiresAt: number }) =>
  new SignJWT({ companyId: fixture.fleet.demo.companyId, clientKeyId: 1 })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer("fleet-telematics")
    .setAudience("legacy-api")
    .setIssuedAt(expiresAt - HOUR_S)
    .setExpirationTime(expiresAt)
    .sign(key);
const nowSeconds = () => Math.floor(Date.now() / 1000);

const matrices: Record<RegisteredRoute["auth"]["kind"], (route: RegisteredRoute) => void> = {
  public: (route) => runCommonRouteTests(route.fleetRoute!, () => ({ db: database().db, fixture: fixture.fleet })),

  legacy: (route) => {
    it("401 without a token, with a malformed, forged or expired token, and after its ClientKey is revoked", async () => {
      expectErrorBody(await send(route, {}), 401);
      expectErrorBody(await send(route, bearer("not-a-jwt")), 401);
      expectErrorBody(await send(route, { authorization: `Basic ${fixture.legacyToken}` }), 401);
      expectErrorBody(
        await send(route, bearer(await legacyJwt({ key: new TextEncoder().encode("forged-secret-forged-secret-32by"), expiresAt: nowSeconds() + HOUR_S }))),
        401,
      );
      expectErrorBody(await send(route, bearer(await legacyJwt({ key: deriveSecret("legacy-jwt"), expiresAt: nowSeconds() - 60 }))), 401);
      // An admin JWT (another audience) is no legacy token.
      expectErrorBody(await send(route, bearer(fixture.adminToken)), 401);
    });
    it("answers the company's own data with a valid token", async () => {
      const answer = await send(route, bearer(fixture.legacyToken));
      expect(answer.status, answer.text).toBeLessThan(300);
    });
    if (route.auth.kind === "legacy" && route.auth.module) {
      it(`403 for a company without the ${route.auth.module} module`, async () => {
        expectErrorBody(await send(route, bearer(fixture.otherLegacyToken)), 403);
      });
    }
    if (route.pathParams) {
      it("404 for another company's asset", async () => {
        const other = fixture.otherVehicle;
        const params: Record<string, string> = route.pathParams!.includes("vin") ? { vin: other.vin ?? "" } : { assetId: String(other.id) };
        expectErrorBody(await send(route, bearer(fixture.legacyToken), { params }), 404);
      });
    }
  },

  "client-key": (route) => {
    it("401 without a ClientKey, with an unknown or a revoked one; a token for a valid one", async () => {
      expectErrorBody(await send(route, {}), 401);
      expectErrorBody(await send(route, { "x-client-key": "no-such-client-key" }), 401);
      expect((await send(route, { "x-client-key": "demo-client-key" })).status).toBe(200);
      const { db } = database();
      const [other] = await db.select().from(clientKeys).where(eq(clientKeys.companyId, fixture.fleet.other.companyId));
      await db.update(clientKeys).set({ revokedAt: new Date() }).where(eq(clientKeys.id, other.id));
      expectErrorBody(await send(route, { "x-client-key": "other-client-key" }), 401);
      await db.update(clientKeys).set({ revokedAt: null }).where(eq(clientKeys.id, other.id));
    });
  },

  admin: (route) => {
    it("401 without a JWT, with a malformed, forged or expired one; 403 for a non-admin's token", async () => {
      expectErrorBody(await send(route, {}), 401);
      expectErrorBody(await send(route, bearer("not-a-jwt")), 401);
      expectErrorBody(await send(route, bearer(fixture.legacyToken)), 401);
      const forged = await new SignJWT({ companyId: fixture.fleet.demo.companyId, role: "admin" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("1")
        .setIssuer("fleet-telematics")
        .setAudience("admin-api")
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode("forged-secret-forged-secret-32by"));
      expectErrorBody(await send(route, bearer(forged)), 401);
      const [claims] = [JSON.parse(Buffer.from(fixture.adminToken.split(".")[1], "base64url").toString())];
      const expired = await signAdminToken(
        { userId: Number(claims.sub), companyId: claims.companyId, role: "admin" },
        new Date(Date.now() - 2 * HOUR_S * 1000),
      );
      expectErrorBody(await send(route, bearer(expired.token)), 401);
      expectErrorBody(await send(route, bearer(fixture.managerToken)), 403);
    });
    it("works for an admin of the company", async () => {
      const answer = await send(route, bearer(fixture.adminToken));
      expect(answer.status, answer.text).toBeLessThan(300);
    });
    if (route.pathParams) {
      it("404 for another company's record", async () => {
        const id = fixture.otherApiKeyId;
        expectErrorBody(await send(route, bearer(fixture.adminToken), { path: `/api/v2/api-keys/${id}`, params: { id } }), 404);
      });
    }
  },

  password: (route) => {
    it("401 for a wrong password or an unknown account, 403 for a non-admin, a token for an admin", async () => {
      expectErrorBody(await send(route, {}, { body: { email: "admin@demo.test", password: "wrong" } }), 401);
      expectErrorBody(await send(route, {}, { body: { email: "nobody@demo.test", password: "wrong" } }), 401);
      expectErrorBody(await send(route, {}, { body: { email: "manager@demo.test", password: "demo-password-1" } }), 403);
      expect((await send(route, {})).status).toBe(200);
    });
  },

  session: (route) => {
    it("401 JSON without a session cookie, with a forged or garbled one", async () => {
      expectErrorBody(await send(route, {}), 401);
      expectErrorBody(await send(route, { cookie: "next-auth.session-token=garbage" }), 401);
      expectErrorBody(await send(route, { cookie: `next-auth.session-token=${fixture.sessionCookie.split("=")[1].slice(0, -4)}AAAA` }), 401);
    });
    it("answers with a signed-in user's session", async () => {
      const answer = await send(route, { cookie: fixture.sessionCookie });
      expect(answer.status, answer.text).toBeLessThan(300);
    });
  },

  // next-auth's handler needs Next's request scope (cookies()), so it is exercised over HTTP by the
  // e2e sign-in and `npm run test:faults`; here: the part we own, the session cookie it reads.
  "next-auth": (route) => {
    if (route.method === "GET") {
      it("a session cookie made with another secret, or an expired one, is no session", async () => {
        const user = { id: 1, email: "admin@demo.test", name: "Admin", role: "admin", companyId: fixture.fleet.demo.companyId, companyName: "Demo Fleet" };
        const cookie = async (secret: string, maxAge?: number) => `next-auth.session-token=${await encode({ token: { sub: "1", user }, secret, maxAge })}`;
        const request = (value: string) => new Request("http://localhost/api/dashboard/fleet", { headers: { cookie: value } });
        expect(await getRequestUser(request(await cookie(getSecret("AUTH_SECRET"))))).toMatchObject({ email: "admin@demo.test" });
        expect(await getRequestUser(request(await cookie("another-secret")))).toBeNull();
        expect(await getRequestUser(request(await cookie(getSecret("AUTH_SECRET"), -3600)))).toBeNull();
      });
      return;
    }
    it("takes no password: the sign-in forms post to server actions (tests/access/auth/sign-in-forms.test.ts)", () => {
      expect(getAuthOptions().providers).toEqual([]);
    });
  },

  camera: (route) => {
    it("401 without a signature, with a malformed one, or one made with another secret; 201 when signed", async () => {
      const body = JSON.stringify(route.sample(fixture).body);
      expectErrorBody(await send(route, {}, { body }), 401);
      expectErrorBody(await send(route, { "x-camera-signature": "sha256=xyz" }, { body }), 401);
      expectErrorBody(await send(route, { "x-camera-signature": signCameraBody("another-secret", body) }, { body }), 401);
      expectErrorBody(await send(route, { "x-camera-signature": signCameraBody(fixture.cameraSecret, `${body} `) }, { body }), 401);
      expect((await send(route, { "x-camera-signature": signCameraBody(fixture.cameraSecret, body) }, { body })).status).toBe(201);
    });
  },

  ingest: (route) => {
    it("401 without a token, with an unknown or a revoked one; 400 and nothing stored for another company's vehicle", async () => {
      expectErrorBody(await send(route, {}), 401);
      expectErrorBody(await send(route, bearer("ing_unknown")), 401);
      const { db } = database();
      const count = async () => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from vehicle_positions`))[0].n;
      const before = await count();
      expectErrorBody(
        await send(route, bearer(fixture.ingestToken), {
          body: [{ vehicleId: fixture.otherVehicle.id, time: new Date().toISOString(), latitude: 1, longitude: 1 }],
        }),
        400,
      );
      expect(await count()).toEqual(before);
      expect((await send(route, bearer(fixture.ingestToken))).status).toBe(200);
      await revokeIngestToken({ db, companyId: fixture.fleet.demo.companyId, id: fixture.ingestTokenId, actor: testActor });
      expectErrorBody(await send(route, bearer(fixture.ingestToken)), 401);
    });
  },

  device: (route) => {
    it("400 for an unknown device id, 200 for a registered one", async () => {
      const unknown = route.method === "GET" ? { path: "/ingest/osmand?id=no-such-device&lat=1&lon=1" } : { body: "id=no-such-device&lat=1&lon=1" };
      expectErrorBody(await send(route, {}, unknown), 400);
      expect((await send(route, {})).status).toBe(200);
    });
  },

  none: (route) => {
    it("answers without credentials", async () => {
      const answer = await send(route, {});
      expect(answer.status, answer.text).toBe(200);
    });
  },
};

for (const route of ROUTE_REGISTRY) {
  describe(`${route.method} ${route.file} (${route.auth.kind})`, () => matrices[route.auth.kind](route));
}
