// The production HTTP server: Next.js behind a plain Node server that records the caller's socket
// address in a header no client can forge (IP allowlists depend on it) and shuts down gracefully.
import http from "node:http";
import next from "next";
import { getConfigOrExit } from "../lib/platform/config/env.mjs";
import { refuseOversizedAction } from "../lib/platform/http/action-body-limit.mjs";
import { answerRefusedRequest } from "../lib/platform/http/refused-request.mjs";

const CLIENT_IP_HEADER = "x-fleet-client-ip";
// A bad variable stops here, before Next starts, with a message naming it (lib/platform/config/env.mjs).
const config = getConfigOrExit();
const { PORT: port, HOST: hostname } = config;
// Number of reverse proxies in front of us whose X-Forwarded-For entries we trust (0: none).
const trustedProxyHops = config.TRUST_PROXY_HOPS;

const clientIp = (req) => {
  const socketIp = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
  if (trustedProxyHops <= 0) return socketIp;
  const hops = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return hops[hops.length - trustedProxyHops] ?? socketIp;
};

// next-auth reads NEXTAUTH_URL itself to build absolute URLs; default it to where this server listens.
process.env.NEXTAUTH_URL ??= `http://localhost:${port}`;

const app = next({ dev: false, hostname, port, dir: process.cwd() });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((req, res) => {
  req.headers[CLIENT_IP_HEADER] = clientIp(req);
  if (refuseOversizedAction(req, res)) return;
  handle(req, res);
});
server.keepAliveTimeout = 65_000;
// Requests Node's parser refuses (431 for oversized headers, ...) still get { message, requestId }.
server.on("clientError", answerRefusedRequest);
server.listen(port, hostname, async () => {
  // The first request runs instrumentation.ts (migrate, seed, simulator); make it happen now.
  const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    .then((r) => r.json())
    .catch(() => null);
  console.log(`> Ready on http://localhost:${port} (database ${health?.database?.kind ?? "unknown"}, status ${health?.status ?? "unknown"})`);
});

// The service's one stop (lib/runtime/boot/boot-service.ts STOP_SERVICE): its jobs finish the run under
// way, the tracker listeners close, then the process exits.
const stopService = () => globalThis[Symbol.for("fleet-telematics.stop-service")]?.().catch((error) => console.error(`> stopping: ${error.message}`));

const shutdown = (signal) => {
  console.log(`> ${signal}: finishing in-flight requests and background jobs`);
  server.close(() => void Promise.resolve(stopService()).finally(() => process.exit(0)));
  server.closeIdleConnections?.();
  setTimeout(() => process.exit(0), config.SHUTDOWN_GRACE_MS).unref();
};
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
