// Not the SDK's: the production server's own answer to an oversized server action, tested here
// because this suite runs the production build (Next's bodySizeLimit exists only there).
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./sdk-client";

/** A real action id and the page that serves it, from the build's manifest: Next checks the size only for an action it knows. */
const devicesAction = () => {
  const manifest = JSON.parse(readFileSync(`${process.env.NEXT_DIST_DIR ?? ".next-e2e"}/server/server-reference-manifest.json`, "utf8")) as {
    node: Record<string, { workers: Record<string, unknown> }>;
  };
  const [id] = Object.entries(manifest.node).find(([, action]) => "app/(dashboard)/devices/page" in action.workers)!;
  return id;
};

const OVER_LIMIT = "x".repeat(300 * 1024);

describe("server-action bodies over 256 kB", () => {
  it("answer 413 with { message, requestId }, for React's fetch and for a form posted without JavaScript", async () => {
    const fetchAction = await fetch(`${baseUrl()}/devices`, {
      method: "POST",
      headers: { "next-action": devicesAction(), "content-type": "text/plain;charset=UTF-8" },
      body: OVER_LIMIT,
    });
    expect(fetchAction.status).toBe(413);
    expect(await fetchAction.json()).toMatchObject({ message: expect.stringContaining("256 KB"), requestId: expect.any(String) });

    const form = new FormData();
    form.set(`$ACTION_ID_${devicesAction()}`, "");
    form.set("identifier", OVER_LIMIT);
    const formPost = await fetch(`${baseUrl()}/devices`, { method: "POST", body: form });
    expect(formPost.status).toBe(413);
    expect(await formPost.json()).toMatchObject({ requestId: expect.any(String) });
  });

  it("a chunked action body (a browser always states the length) is refused with 411", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${baseUrl()}/devices`);
      const sent = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: { "next-action": devicesAction(), "content-type": "text/plain", "transfer-encoding": "chunked" },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      sent.on("error", reject);
      sent.write(OVER_LIMIT.slice(0, 1024));
      sent.end();
    });
    expect(status).toBe(411);
  });

  it("a small action body still reaches the action (no session here: not a 413, not a 500)", async () => {
    const small = await fetch(`${baseUrl()}/devices`, {
      method: "POST",
      headers: { "next-action": devicesAction(), "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify([{ identifier: "x", vehicleId: 1 }]),
    });
    expect(small.status).toBeLessThan(413);
  });
});
