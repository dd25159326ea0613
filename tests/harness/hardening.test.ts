import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dashboardRoute } from "@/app/_server/dashboard-route";
import { POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { GET as listVehicles } from "@/app/fleet/vehicles/route";
import { bootService } from "@/lib/runtime/boot/boot-service";
import { DEMO_DEFAULTS, reloadConfig } from "@/lib/platform/config";
import { assertSameOrigin, toAppError } from "@/lib/platform/http";
import { buildSecurityHeaders } from "@/lib/platform/http/security-headers";
import { logger } from "@/lib/platform/logger";
import { proxy } from "@/proxy";
import { callFleet } from "../helpers/fleet-request";
import { useTestDatabase } from "../helpers/test-database";
import { expectErrorBody } from "./call-route";
import { setupHarnessFixture, type HarnessFixture } from "./fixture";

const database = useTestDatabase();
let fixture: HarnessFixture;
beforeAll(async () => {
  fixture = await setupHarnessFixture(database().db);
});
afterEach(() => vi.restoreAllMocks());

const answerOf = async (response: Response) => {
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : null };
};

describe("security headers", () => {
  const scriptSrc = (csp: string) => csp.split("; ").find((directive) => directive.startsWith("script-src "))!;

  it("a CSP that allows only this origin's scripts, the tile server's and data: images, and no framing; the companion headers", () => {
    const headers = buildSecurityHeaders({ tileUrl: "https://tiles.example.org/{z}/{x}/{y}.png", nonce: "bm9uY2U=" });
    const csp = headers["Content-Security-Policy"];
    expect(csp).toContain("default-src 'self'");
    expect(scriptSrc(csp)).toBe("script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/tiles\.example\.org/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers).toMatchObject({ "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "strict-origin-when-cross-origin" });
    expect(headers["Permissions-Policy"]).toContain("camera=()");
  });

  it("scripts run only with a nonce new on every request, never inline (issue 33); Next is handed the same nonce on the request", () => {
    const nonces = [1, 2].map(() => {
      const response = proxy(new NextRequest("http://localhost/map"));
      const csp = response.headers.get("content-security-policy")!;
      expect(scriptSrc(csp)).not.toContain("unsafe-inline");
      const nonce = /'nonce-([A-Za-z0-9+/=]{22,})'/.exec(scriptSrc(csp))?.[1];
      expect(nonce).toBeDefined();
      // What NextResponse.next({ request }) hands the page: Next reads the nonce from the CSP request header.
      expect(response.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
      expect(response.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe("CSRF: session-authenticated writes", () => {
  const write = dashboardRoute(async () => ({ ok: true }));
  const post = (headers: Record<string, string>) =>
    write(
      new Request("http://fleet.example/api/dashboard/anything", {
        method: "POST",
        headers: { cookie: fixture.sessionCookie, host: "fleet.example", ...headers },
      }),
      { params: Promise.resolve({}) },
    );

  it("refuses a cross-site POST (Origin or Sec-Fetch-Site) with 403 JSON, accepts a same-origin one", async () => {
    expectErrorBody(await answerOf(await post({ origin: "https://evil.example" })), 403);
    expectErrorBody(await answerOf(await post({ "sec-fetch-site": "cross-site" })), 403);
    expectErrorBody(await answerOf(await post({ origin: "null" })), 403);
    expect((await post({ origin: "http://fleet.example", "sec-fetch-site": "same-origin" })).status).toBe(200);
  });

  it("lets reads through whatever their origin (they change nothing)", () => {
    expect(() => assertSameOrigin(new Request("http://fleet.example/x", { headers: { origin: "https://evil.example" } }))).not.toThrow();
  });
});

describe("database failures", () => {
  const wrapped = (cause: Error & { code?: string }) => Object.assign(new Error("Failed query: select 1\nparams: "), { cause });
  it("a lost or restarting database is a 503 with Retry-After, also when drizzle wraps the driver's error", () => {
    for (const cause of [
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      new Error("Connection terminated unexpectedly"),
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      Object.assign(new Error("the database system is shutting down"), { code: "57P03" }),
    ]) {
      const error = toAppError(wrapped(cause), "req_test");
      expect(error.status, cause.message).toBe(503);
      expect(error.headers).toMatchObject({ "Retry-After": "1" });
    }
  });
  it("a value the database refuses (NUL, out of range) is a 400; anything else a 500 that says nothing of the cause", () => {
    expect(toAppError(wrapped(Object.assign(new Error("invalid byte sequence for encoding UTF8: 0x00"), { code: "22021" })), "r").status).toBe(400);
    const internal = toAppError(wrapped(Object.assign(new Error('relation "x" does not exist'), { code: "42P01" })), "r");
    expect(internal.status).toBe(500);
    expect(internal.message).not.toMatch(/relation|select/i);
  });
});

describe("request size limits", () => {
  it("next-auth's sign-in refuses a body past 16 kB with 413 before next-auth reads it", async () => {
    const request = new NextRequest("http://localhost/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `email=a&password=${"x".repeat(20_000)}`,
    });
    expectErrorBody(await answerOf(await nextAuthPost(request, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) })), 413);
  });
});

describe("production configuration", () => {
  it("refuses to boot with NODE_ENV=production and no DEMO without AUTH_SECRET, the one secret production needs", async () => {
    try {
      vi.stubEnv("NODE_ENV", "production");
      vi.stubEnv("DEMO", undefined);
      for (const name of Object.keys(DEMO_DEFAULTS)) vi.stubEnv(name, undefined);
      reloadConfig();
      // The SEED_* values feed only the demo seed, which production never runs (issue 16).
      await expect(bootService()).rejects.toThrow(/Set AUTH_SECRET \(or DEMO=1 for a demo\)/);
    } finally {
      vi.unstubAllEnvs();
      reloadConfig();
    }
  });
});

describe("structured request logs", () => {
  it("one line per public request with requestId, company, key id, route, status and duration, never the key", async () => {
    const info = vi.spyOn(logger, "info");
    const response = await callFleet(listVehicles, "/fleet/vehicles?limit=1", { key: fixture.fleet.demo.key });
    expect(response.status).toBe(200);
    const lines = info.mock.calls.map(([line]) => JSON.stringify(line));
    const line = lines.find((text) => text.includes(response.body.data ? response.headers.get("x-request-id")! : "?"));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({
      route: "/fleet/vehicles",
      status: 200,
      method: "GET",
      companyId: fixture.fleet.demo.companyId,
      keyId: expect.stringMatching(/^key_/),
      durationMs: expect.any(Number),
    });
    expect(lines.join("\n")).not.toContain(fixture.fleet.demo.key);
    expect(lines.join("\n")).not.toContain(fixture.fleet.demo.key.slice(9));
  });
});
