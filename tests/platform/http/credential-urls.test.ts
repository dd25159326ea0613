import { afterEach, describe, expect, it, vi } from "vitest";
import { logRequest, loggablePath, refuseSecretInQuery } from "@/lib/platform/http";
import { logger } from "@/lib/platform/logger";

// Issue 40: a password or a link's token in an address is never logged, and a password in the
// sign-in page's query is refused without being echoed.
afterEach(() => vi.restoreAllMocks());

describe("request log lines of the credential pages", () => {
  it("hold the path only: no query string, and a link's token replaced", () => {
    const lines: unknown[] = [];
    vi.spyOn(logger, "info").mockImplementation(((line: unknown) => lines.push(line)) as never);
    for (const url of [
      "http://localhost/login?email=a%40b.test&password=hunter2-secret",
      "http://localhost/logbook/login?username=d&secret=hunter2-secret",
      "http://localhost/setup?token=hunter2-secret",
      "http://localhost/invite/hunter2-secret?password=hunter2-secret",
      "http://localhost/reset-password/hunter2-secret",
    ]) {
      logRequest({ request: new Request(url), requestId: "r", status: 200, startedAt: performance.now() });
    }
    expect(lines.map((line) => (line as { route: string }).route)).toEqual(["/login", "/logbook/login", "/setup", "/invite/:token", "/reset-password/:token"]);
    expect(JSON.stringify(lines)).not.toContain("hunter2");
    expect(loggablePath("http://localhost/api/v1/fleet/vehicles?limit=5")).toBe("/api/v1/fleet/vehicles");
  });
});

describe("a password in a credential page's query", () => {
  it("is refused with a plain page that does not echo it", async () => {
    const refused = refuseSecretInQuery(new Request("http://localhost/login?email=admin%40other.test&password=other-password-1"))!;
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toContain("text/html");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const page = await refused.text();
    expect(page).toContain("This request was refused");
    expect(page).not.toContain("other-password-1");
    expect(page).not.toContain("admin@other.test");
    expect(refuseSecretInQuery(new Request("http://localhost/logbook/login?username=d&secret=1234"))?.status).toBe(400);
  });
  it("leaves everything else alone: the page without one, a setup link's token, a POST, other pages", () => {
    expect(refuseSecretInQuery(new Request("http://localhost/login"))).toBeNull();
    expect(refuseSecretInQuery(new Request("http://localhost/login?error=CredentialsSignin"))).toBeNull();
    expect(refuseSecretInQuery(new Request("http://localhost/setup?token=abc"))).toBeNull();
    expect(refuseSecretInQuery(new Request("http://localhost/login?password=x", { method: "POST" }))).toBeNull();
    expect(refuseSecretInQuery(new Request("http://localhost/vehicles?password=x"))).toBeNull();
  });
});
