import dns from "node:dns";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { postToPinnedAddress } from "@/lib/outbound/webhooks/pinned-post";
import { assertWebhookUrl } from "@/lib/outbound/webhooks/webhook-target";

describe("the webhook address guard and IPv6 forms of an IPv4 address", () => {
  it.each([
    ["IPv4-compatible loopback, hex", "http://[::7f00:1]/hook"],
    ["IPv4-compatible loopback, dotted", "http://[::127.0.0.1]/hook"],
    ["IPv4-compatible private", "http://[::a00:1]/hook"],
    ["IPv4-compatible metadata", "http://[::169.254.169.254]/hook"],
    ["IPv4-mapped loopback", "http://[::ffff:127.0.0.1]/hook"],
    ["IPv4-mapped private, hex", "http://[::ffff:c0a8:101]/hook"],
    ["SIIT (::ffff:0:a.b.c.d) loopback", "http://[::ffff:0:7f00:1]/hook"],
    ["NAT64 loopback", "http://[64:ff9b::7f00:1]/hook"],
    ["NAT64 metadata", "http://[64:ff9b::a9fe:a9fe]/hook"],
    ["local-use NAT64", "http://[64:ff9b:1::808:808]/hook"],
    ["6to4 of loopback", "http://[2002:7f00:1::1]/hook"],
    ["6to4 of a private network", "http://[2002:c0a8:101::1]/hook"],
    ["6to4 even of a public IPv4 (a deprecated tunnel)", "http://[2002:808:808::1]/hook"],
    ["Teredo (a deprecated tunnel)", "http://[2001:0:808:808:0:0:80ff:fffe]/hook"],
    ["IPv6 loopback", "http://[::1]/hook"],
    ["IPv6 unspecified", "http://[::]/hook"],
    ["IPv6 unique local", "http://[fd00::1]/hook"],
    ["IPv6 link-local", "http://[fe80::1]/hook"],
  ])("refuses %s (%s)", async (_form, url) => {
    await expect(assertWebhookUrl({ url })).rejects.toMatchObject({ code: "bad_request" });
  });

  it.each([
    ["a global IPv6 address", "http://[2606:4700:4700::1111]/hook"],
    ["NAT64 of a public IPv4 (DNS64 on an IPv6-only network)", "http://[64:ff9b::808:808]/hook"],
    ["a public IPv4", "http://8.8.8.8/hook"],
  ])("accepts %s", async (_form, url) => {
    await expect(assertWebhookUrl({ url })).resolves.toBeUndefined();
  });

  it("refuses a name whose DNS answer is an IPv6 form of a private IPv4", async () => {
    await expect(assertWebhookUrl({ url: "https://sneaky.example.invalid/", resolve: async () => ["64:ff9b::a00:5"] })).rejects.toMatchObject({
      code: "bad_request",
    });
  });
});

describe("a delivery's connection is pinned to the checked address", () => {
  const received: { url: string; headers: IncomingHttpHeaders }[] = [];
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push({ url: request.url ?? "", headers: request.headers });
      if (request.url === "/moved") response.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` }).end();
      else response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.restoreAllMocks();
    received.length = 0;
  });

  it("connects to the given address and never asks DNS again; the Host header and TLS name stay the URL's", async () => {
    const lookup = vi.spyOn(dns, "lookup");
    const { status } = await postToPinnedAddress({
      url: new URL(`http://rebind.example.invalid:${port}/hook`),
      address: "127.0.0.1",
      headers: { "x-test": "1" },
      body: "{}",
      signal: AbortSignal.timeout(5_000),
    });
    expect(status).toBe(204);
    expect(lookup).not.toHaveBeenCalled();
    expect(received).toMatchObject([{ url: "/hook", headers: { host: `rebind.example.invalid:${port}`, "x-test": "1" } }]);
  });

  it("does not follow a redirect", async () => {
    const { status } = await postToPinnedAddress({
      url: new URL(`http://receiver.example.invalid:${port}/moved`),
      address: "127.0.0.1",
      headers: {},
      body: "{}",
      signal: AbortSignal.timeout(5_000),
    });
    expect(status).toBe(302);
    expect(received.map((request) => request.url)).toEqual(["/moved"]);
  });
});
