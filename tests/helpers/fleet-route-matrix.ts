import { expect, it } from "vitest";
import type { Database } from "@/db/client";
import { SCOPES } from "@/lib/access/api-keys/scopes";
import { generateApiKey } from "@/lib/access/api-keys/key-format";
import { ownerIdsOf, type FleetRoute } from "../interfaces/fleet-api/routes";
import { ownedIds } from "../harness/owned-tables";
import { createTestApiKey } from "./api-keys";
import type { FleetFixture } from "./fleet-fixture";
import { callFleet, resetRateLimits } from "./fleet-request";

const expectError = (response: Awaited<ReturnType<typeof callFleet>>, status: number) => {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({ message: expect.any(String), requestId: expect.stringMatching(/^req_/) });
  expect(response.headers.get("x-request-id")).toBe(response.body.requestId);
};

/**
 * The auth and tenancy matrix every /fleet endpoint must pass (unkey's runCommonRouteTests):
 * 401 for no, malformed, unknown, revoked and expired keys; 403 for a missing scope or an address
 * outside the allowlist (inside: success); another company's and the other dataset's data invisible.
 */
export const runCommonRouteTests = (route: FleetRoute, context: () => { db: Database; fixture: FleetFixture }) => {
  const call = async (tenant: keyof Omit<FleetFixture, "now">, options: { key?: string | null; authorization?: string; ip?: string } = {}) => {
    const { db, fixture } = context();
    await resetRateLimits(db);
    const request = route.request(fixture[tenant]);
    return callFleet(route.handler, request.path, { ...request, key: fixture[tenant].key, ...options });
  };

  it(`${route.name}: 401 without a key, with a malformed, unknown, revoked or expired key`, async () => {
    const { db, fixture } = context();
    expectError(await call("demo", { key: null }), 401);
    expectError(await call("demo", { authorization: "Bearer not-a-key" }), 401);
    expectError(await call("demo", { authorization: `Basic ${fixture.demo.key}` }), 401);
    expectError(await call("demo", { key: generateApiKey("live").key }), 401);
    const revoked = await createTestApiKey({ db, companyId: fixture.demo.companyId, revokedAt: new Date(Date.now() - 1000) });
    expectError(await call("demo", { key: revoked.key }), 401);
    const expired = await createTestApiKey({ db, companyId: fixture.demo.companyId, expiresAt: new Date(Date.now() - 1000) });
    expectError(await call("demo", { key: expired.key }), 401);
  });

  it(`${route.name}: 403 without the ${route.scope} scope`, async () => {
    const { db, fixture } = context();
    const { key } = await createTestApiKey({ db, companyId: fixture.demo.companyId, scopes: SCOPES.filter((scope) => scope !== route.scope) });
    expectError(await call("demo", { key }), 403);
  });

  it(`${route.name}: 403 outside the IP allowlist, success inside it (IPv4, IPv4-mapped IPv6, IPv6)`, async () => {
    const { db, fixture } = context();
    const { key } = await createTestApiKey({ db, companyId: fixture.demo.companyId, ipAllowlist: ["198.51.100.0/24", "2001:db8::/32"] });
    expectError(await call("demo", { key, ip: "203.0.113.7" }), 403);
    expectError(await call("demo", { key, ip: "2001:db9::1" }), 403);
    for (const ip of ["198.51.100.20", "::ffff:198.51.100.21", "2001:db8::5"]) expect((await call("demo", { key, ip })).status).toBeLessThan(300);
  });

  it(`${route.name}: answers the current-version schema with rate-limit headers, and only the caller's company and dataset`, async () => {
    const { db, fixture } = context();
    for (const tenant of ["demo", "sandbox", "other"] as const) {
      const response = await call(tenant);
      if (route.liveOnly && tenant === "sandbox") {
        expectError(response, 403);
        continue;
      }
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      if (route.schema) route.schema.parse(response.body);
      else expect(response.status).toBe(204);
      expect(response.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
      expect(response.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
      expect(response.headers.get("x-service-version")).toBe("2025-01-15");
      // Read from the database: drivers created by earlier tests belong to their tenant too.
      const { companyId, dataset } = fixture[tenant];
      // A create's or a no-body write's response holds no existing record to check; their 404 test covers scoping.
      // The roles belong to no one.
      if (!route.schema || route.owns === "nothing") continue;
      const owned = await ownedIds({ db, table: route.owns, companyId, dataset });
      const ids = ownerIdsOf(response.body, route.owns);
      const isCreate = route.request(fixture[tenant]).method === "POST";
      if (!isCreate) expect(ids.length).toBeGreaterThan(0);
      for (const id of isCreate ? [] : ids) expect(owned.has(id), `${tenant} sees foreign id ${id}`).toBe(true);
    }
  });

  if (route.single) {
    it(`${route.name}: 404 for another company's or the other dataset's record`, async () => {
      const { db, fixture } = context();
      await resetRateLimits(db);
      for (const foreign of [fixture.other, fixture.sandbox]) {
        const request = route.request(foreign);
        expectError(await callFleet(route.handler, request.path, { ...request, key: fixture.demo.key }), 404);
      }
    });
  }
};
