import fc from "fast-check";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "@/db/rows";
import { signCameraBody } from "@/lib/ingestion/camera/identify-camera-company";
import { reloadConfig } from "@/lib/platform/config";
import { resetRateLimits } from "../helpers/fleet-request";
import { useTestDatabase } from "../helpers/test-database";
import { callRoute, type RouteAnswer, type RouteCall } from "./call-route";
import { setupHarnessFixture, type HarnessFixture } from "./fixture";
import { hostileJson, hostileString, RAW_BAD_BODIES } from "./hostile-input";
import { ROUTE_REGISTRY, type RegisteredRoute } from "./registry";
import { rowChanges, watchRowChanges } from "./row-changes";

/**
 * Bad-input fuzzing of every registered route with valid credentials, so hostile input reaches the
 * parsers: never a 5xx, never a hang, every error `{ message, requestId }` without stack traces or
 * SQL, and for writing routes no stored row when the answer is an error. Seeded and bounded. The routes
 * are shared among the fuzz-*-of-3.test.ts files, so that vitest's forks run them side by side (one file
 * was the longest of the suite: 290 s of the PostgreSQL pass).
 */
const SEED = 20_261_121;
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const CALL_TIMEOUT_MS = 10_000;
// A property is RUNS probes, each under CALL_TIMEOUT_MS: the sign-in routes hash a password per probe,
// which on a loaded 2-core machine took a property past vitest's 30 s default.
vi.setConfig({ testTimeout: 120_000 });

let database: ReturnType<typeof useTestDatabase>;
let fixture: HarnessFixture;

/** Every tenant table's change of rows since the fixture (row-changes.ts): a probe reads it before and after. */
const tableRowChanges = () => rowChanges(database().db);

/** Valid credentials for the route's auth kind (the camera signature is over the exact body sent). */
const credentials = (route: RegisteredRoute, body: string | Uint8Array | undefined): Record<string, string> => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  switch (route.auth.kind) {
    case "public":
      return bearer(fixture.fleet.demo.key);
    case "legacy":
      return bearer(fixture.legacyToken);
    case "client-key":
      return { "x-client-key": "demo-client-key" };
    case "admin":
      return bearer(fixture.adminToken);
    case "session":
      return { cookie: fixture.sessionCookie };
    case "ingest":
      return bearer(fixture.ingestToken);
    case "camera":
      return { "x-camera-signature": signCameraBody(fixture.cameraSecret, typeof body === "string" ? body : Buffer.from(body ?? "").toString("utf8")) };
    default:
      return {};
  }
};

const LEAKS = [
  /\bat \S+ \(/,
  /\.ts:\d+/,
  /\bselect\b.*\bfrom\b/i,
  /syntax error/i,
  /postgres/i,
  /\brelation "/i,
  /duplicate key/i,
  /violates/i,
  /TypeError|ReferenceError|RangeError/,
];

/** Strips what the caller sent from a message, so an echoed payload is not mistaken for a leak. */
const withoutInput = (message: string, inputs: string[]) =>
  inputs.filter((input) => input.length > 2).reduce((text, input) => text.split(input).join(""), message);

const assertAnswer = (route: RegisteredRoute, answer: RouteAnswer, inputs: string[]) => {
  expect(answer.status, `${route.method} ${route.file}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status < 400) return;
  const body = answer.json as { message?: unknown; requestId?: unknown } | null;
  expect(body && Object.keys(body).sort(), `${route.method} ${route.file}: error body ${answer.text.slice(0, 200)}`).toEqual(["message", "requestId"]);
  expect(answer.headers.get("x-request-id")).toBe(body!.requestId);
  const message = withoutInput(String(body!.message), inputs);
  for (const leak of LEAKS) expect(message, `${route.method} ${route.file} leaks internals`).not.toMatch(leak);
};

const withTimeout = <T>(promise: Promise<T>, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${CALL_TIMEOUT_MS} ms`)), CALL_TIMEOUT_MS).unref()),
  ]);

/** One call with valid credentials; for writing routes, an error answer must leave every tenant table as it was. */
const probe = async (route: RegisteredRoute, call: RouteCall, inputs: string[], { mustFail = false } = {}) => {
  await resetRateLimits(database().db);
  const rawBody =
    call.body === undefined ? undefined : typeof call.body === "string" || call.body instanceof Uint8Array ? call.body : JSON.stringify(call.body);
  const before = route.writes ? await tableRowChanges() : undefined;
  const answer = await withTimeout(
    callRoute(route, { ...call, body: rawBody, headers: { ...credentials(route, rawBody), ...call.headers } }),
    `${route.method} ${route.file}`,
  );
  assertAnswer(route, answer, inputs);
  if (mustFail) expect(answer.status, `${route.method} ${route.file} accepted invalid input: ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  if (before && answer.status >= 400) expect(await tableRowChanges(), `${route.method} ${route.file} stored rows for a ${answer.status}`).toEqual(before);
  return answer;
};

const splitPath = (path: string) => {
  const url = new URL(path, "http://localhost");
  return { pathname: url.pathname, search: url.searchParams };
};

const FUZZABLE = ROUTE_REGISTRY.filter((route) => route.auth.kind !== "next-auth"); // needs Next's request scope

const fuzzRoute = (route: RegisteredRoute) => {
  describe(`fuzz ${route.method} ${route.file}`, () => {
    const names = [...(route.query ?? []), "limit", "after", "x"];
    it("hostile query parameters (wrong types, huge, SQL, script, duplicates): no 5xx, error bodies clean", async () => {
      const pair = fc.tuple(fc.constantFrom(...names), hostileString, fc.boolean());
      await fc.assert(
        fc.asyncProperty(fc.array(pair, { minLength: 1, maxLength: 4 }), async (pairs) => {
          const sample = route.sample(fixture);
          const { pathname, search } = splitPath(sample.path);
          for (const [name, value, replace] of pairs) replace ? search.set(name, value) : search.append(name, value);
          await probe(
            route,
            { ...sample, path: `${pathname}?${search}` },
            pairs.map(([, value]) => value),
          );
        }),
        { seed: SEED, numRuns: RUNS },
      );
    });

    if (route.pathParams) {
      it("hostile path parameters: no 5xx, error bodies clean", async () => {
        await fc.assert(
          fc.asyncProperty(hostileString, async (value) => {
            const sample = route.sample(fixture);
            const params = Object.fromEntries(route.pathParams!.map((name) => [name, value]));
            await probe(route, { ...sample, params }, [value]);
          }),
          { seed: SEED, numRuns: RUNS },
        );
      });
    }

    if (route.bodyFields) {
      it("hostile JSON bodies (wrong types, NaN, huge numbers, deep nesting, SQL and script strings): no 5xx, nothing stored on error", async () => {
        const fieldsBody = fc.dictionary(fc.constantFrom(...(route.bodyFields!.length ? route.bodyFields! : ["x"])), hostileJson, { minKeys: 1, maxKeys: 4 });
        const oneFieldChanged = fc.tuple(fc.constantFrom(...(route.bodyFields!.length ? route.bodyFields! : ["x"])), hostileJson).map(([field, value]) => {
          const body = route.sample(fixture).body;
          if (Array.isArray(body)) return [{ ...(typeof body[0] === "object" ? body[0] : {}), [field]: value }];
          return typeof body === "object" && body !== null ? { ...body, [field]: value } : { [field]: value };
        });
        await fc.assert(
          fc.asyncProperty(fc.oneof(hostileJson, fieldsBody, oneFieldChanged), async (body) => {
            const sample = route.sample(fixture);
            const text = JSON.stringify(body) ?? "null";
            const strings: string[] = [];
            JSON.stringify(body, (_key, value) => (typeof value === "string" && strings.push(value), value));
            await probe(route, { path: sample.path, params: sample.params, body: text, contentType: "application/json" }, strings);
          }),
          { seed: SEED, numRuns: RUNS },
        );
      });

      it("malformed raw bodies and a body past the route's limit: a 4xx, nothing stored", async () => {
        const sample = route.sample(fixture);
        for (const { name, body } of RAW_BAD_BODIES) {
          const answer = await probe(route, { path: sample.path, params: sample.params, body, contentType: sample.contentType ?? "application/json" }, [], {
            mustFail: route.auth.kind !== "device",
          });
          // OsmAnd reads form bodies too: garbage is a form without a device id, still a 4xx.
          expect(answer.status, name).toBeGreaterThanOrEqual(400);
        }
        if (route.bodyLimit) {
          const oversized = `{"pad":"${"x".repeat(route.bodyLimit)}"}`;
          const answer = await probe(route, { path: sample.path, params: sample.params, body: oversized }, [], { mustFail: true });
          expect(answer.status).toBe(413);
        }
      });
    }
  });
};

/**
 * The limits of issue 33 (streams, heavy requests, the legacy and ClientKey rates) set as tight as
 * they go, and hostile requests sent two at a time without emptying the buckets: a 429 is an
 * allowed answer, but it must be the error contract with Retry-After, and nothing else may change.
 * Whether a given call is refused depends on timing, so nothing here asserts that one is.
 */
const LIMITED_ROUTES = [
  "app/share/[token]/stream/route.ts",
  "app/api/dashboard/fleet/stream/route.ts",
  "app/api/dashboard/alerts/stream/route.ts",
  "app/(dashboard)/reports/export/route.ts",
  "app/fleet/vehicles/stats/history/route.ts",
  "app/fleet/vehicles/locations/history/route.ts",
  "app/api/v1/assets/route.ts",
  "app/api/v1/auth/route.ts",
];
const TIGHT_LIMITS = {
  LIVE_STREAMS_PER_LINK: 1,
  LIVE_STREAMS_PER_USER: 1,
  LIVE_STREAMS_PER_ADDRESS: 1,
  HEAVY_REQUESTS_PER_COMPANY: 1,
  HEAVY_REQUESTS_PER_USER: 1,
  LEGACY_API_REQUESTS_PER_MINUTE: 2,
  CLIENT_KEY_EXCHANGES_PER_MINUTE: 2,
};

const fuzzUnderTightLimits = (route: RegisteredRoute) => {
  describe("fuzz under tight limits", () => {
    it(`${route.method} ${route.file}: hostile queries two at a time past the limits: no 5xx, every 429 in the error contract with Retry-After`, async () => {
      for (const [name, value] of Object.entries(TIGHT_LIMITS)) vi.stubEnv(name, String(value));
      reloadConfig();
      try {
        await fc.assert(
          fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...(route.query ?? ["x"]), "x"), hostileString), { maxLength: 2 }), async (pairs) => {
            const sample = route.sample(fixture);
            const { pathname, search } = splitPath(sample.path);
            for (const [name, value] of pairs) search.set(name, value);
            const call = { ...sample, path: `${pathname}?${search}`, headers: credentials(route, undefined) };
            const answers = await withTimeout(Promise.all([callRoute(route, call), callRoute(route, call)]), `${route.method} ${route.file}`);
            for (const answer of answers) {
              assertAnswer(
                route,
                answer,
                pairs.map(([, value]) => value),
              );
              if (answer.status === 429) expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
            }
          }),
          { seed: SEED, numRuns: Math.min(RUNS, 20) },
        );
      } finally {
        vi.unstubAllEnvs();
        reloadConfig();
        await resetRateLimits(database().db);
      }
    });
  });
};

const TIGHTLY_LIMITED = ROUTE_REGISTRY.filter((route) => LIMITED_ROUTES.includes(route.file) && route.method === "GET");

/**
 * The calling test file's share of the fuzzing: every `of`-th route from the `share`-th (0-based), of the routes and of
 * those fuzzed under tight limits, on the file's database (`useTestDatabase`, called in the test file: scripts/test.mjs
 * tells the files that open a database by it) with the harness's fixture.
 */
export const fuzzRoutes = ({ database: testDatabase, share, of }: { database: ReturnType<typeof useTestDatabase>; share: number; of: number }) => {
  database = testDatabase;
  beforeAll(async () => {
    fixture = await setupHarnessFixture(database().db);
    const rows = await queryRows<{ name: string }>(
      database().db,
      sql`select c.relname as name from pg_class c join pg_attribute a on a.attrelid = c.oid
          where a.attname = 'company_id' and c.relkind in ('r', 'p') and not c.relispartition and c.relnamespace = 'public'::regnamespace order by 1`,
    );
    await watchRowChanges({ db: database().db, tables: rows.map((row) => row.name) });
  });
  FUZZABLE.filter((_, index) => index % of === share).forEach(fuzzRoute);
  TIGHTLY_LIMITED.filter((_, index) => index % of === share).forEach(fuzzUnderTightLimits);
};
