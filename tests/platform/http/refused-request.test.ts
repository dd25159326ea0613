import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerRefusedRequest } from "@/lib/platform/http/refused-request.mjs";

// A plain Node server with the same clientError listener as scripts/server.mjs: Node's own parser
// refuses these requests before any handler (or Next) runs.
let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((_request, response) => response.end("handled"));
  server.on("clientError", answerRefusedRequest);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Sends raw bytes and returns the whole answer once the server closes the connection. */
const sendRaw = (bytes: string) =>
  new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, body] = answer.split("\r\n\r\n");
      const [statusLine, ...headerLines] = head.split("\r\n");
      const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    });
  });

describe("requests Node refuses before the app sees them", () => {
  it("headers over the limit: 431 with { message, requestId } and the same X-Request-Id", async () => {
    const answer = await sendRaw(`GET /fleet/vehicles HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(answer.body) as { message: string; requestId: string };
    expect(Object.keys(body).sort()).toEqual(["message", "requestId"]);
    expect(body.message).toMatch(/headers are too large/);
    expect(body.requestId).toMatch(/^req_/);
    expect(answer.headers["x-request-id"]).toBe(body.requestId);
  });

  it("a malformed request line: 400 with the same body", async () => {
    const answer = await sendRaw("NOT HTTP AT ALL\r\n\r\n");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: "The request is not valid HTTP.", requestId: answer.headers["x-request-id"] });
  });

  it("a request Node accepts still reaches the handler", async () => {
    const answer = await sendRaw("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("handled");
  });
});
