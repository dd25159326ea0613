import http from "node:http";
import type net from "node:net";
import type { DeviceVehicle } from "@/lib/fleet/devices/device-bindings";
import { findOsmandVehicle, osmandTelemetry, readOsmandReport } from "@/lib/fleet/devices/osmand";
import { OSMAND_BODY_LIMIT_BYTES, osmandParamsOf } from "@/lib/fleet/devices/read-osmand-params";
import { AppError } from "@/lib/platform/errors";
import { newRequestId, toAppError } from "@/lib/platform/http";
import { createConnectionGate, type ListenerLimits } from "./connection-gate";
import { listenOn } from "./listen-on";
import type { TrackerContext } from "./tracker-session";

/** A connection's device, once found: a keep-alive connection's later reports of the same id are not looked up again (as a TCP tracker binds once). */
type ConnectionDevice = { identifier: string; vehicle: DeviceVehicle };

/** A POST's body as text, at most OSMAND_BODY_LIMIT_BYTES (413 past it), UTF-8 (400 otherwise). */
const readBody = async (request: http.IncomingMessage) => {
  if (Number(request.headers["content-length"] ?? 0) > OSMAND_BODY_LIMIT_BYTES)
    throw new AppError("payload_too_large", `Request body exceeds ${OSMAND_BODY_LIMIT_BYTES} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > OSMAND_BODY_LIMIT_BYTES) throw new AppError("payload_too_large", `Request body exceeds ${OSMAND_BODY_LIMIT_BYTES} bytes.`);
    chunks.push(chunk);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("bad_request", "Request body is not valid UTF-8.");
  }
};

/** The request's query string: any path is the protocol's (Traccar's is `/`); an address that is no URL (`http://[::1`) is the device's fault. */
const queryOf = (request: http.IncomingMessage) => {
  if (!URL.canParse(request.url ?? "/", "http://osmand")) throw new AppError("bad_request", "The request's address is not a valid URL.");
  return new URL(request.url ?? "/", "http://osmand").searchParams;
};

/**
 * The OsmAnd protocol over HTTP on a port of its own (OSMAND_PORT, Traccar's 5055), for Traccar Client and the trackers
 * set up for Traccar: any path, GET or POST, the parameters of `/ingest/osmand`. Each report joins the trackers' ingest
 * queue (one transaction for every connection's reports of a flush, where `/ingest/osmand` commits each request alone)
 * and is answered 200 with an empty body once committed; a bad one gets its 4xx `{ message, requestId }`, as on the
 * service's own port. Connections count against the trackers' caps.
 */
export const startOsmandListener = async ({ port, host, context, limits }: { port: number; host: string; context: TrackerContext; limits: ListenerLimits }) => {
  const gate = createConnectionGate({ name: "osmand", limits });
  const devices = new WeakMap<net.Socket, ConnectionDevice>();

  const vehicleOf = async (socket: net.Socket, identifier: string, now: Date) => {
    const known = devices.get(socket);
    if (known?.identifier === identifier) return known.vehicle;
    const remoteAddress = (socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
    const vehicle = await findOsmandVehicle({ db: context.db, identifier, remoteAddress, now, findDevice: context.findDevice });
    devices.set(socket, { identifier, vehicle });
    return vehicle;
  };

  const report = async (request: http.IncomingMessage) => {
    if (request.method !== "GET" && request.method !== "POST") throw new AppError("bad_request", "Send a report with GET or POST.");
    const body = request.method === "POST" ? await readBody(request) : "";
    const arrived = new Date();
    const read = readOsmandReport({ params: osmandParamsOf({ query: queryOf(request), body }), now: arrived });
    const vehicle = await vehicleOf(request.socket, read.identifier, arrived);
    await new Promise<void>((resolve, reject) =>
      context.queue.submit(osmandTelemetry({ vehicle, report: read }), (failure) => (failure ? reject(failure.error) : resolve())),
    );
    context.lastMessages.note({ ...vehicle, identifier: read.identifier, protocol: "osmand", kind: read.kind, at: arrived });
  };

  const answer = (request: http.IncomingMessage, response: http.ServerResponse) =>
    report(request).then(
      () => response.writeHead(200, { "Content-Length": "0" }).end(),
      (error: unknown) => {
        const requestId = newRequestId();
        const { status, message, headers } = toAppError(error, requestId);
        response.writeHead(status, { ...headers, "Content-Type": "application/json", "X-Request-Id": requestId }).end(JSON.stringify({ message, requestId }));
      },
    );

  const server = http.createServer(
    { keepAliveTimeout: limits.idleTimeoutMs, requestTimeout: limits.frameTimeoutMs, headersTimeout: limits.frameTimeoutMs },
    (request, response) => void answer(request, response),
  );
  server.on("connection", (socket: net.Socket) => {
    if (gate.admit(socket) !== null) socket.setNoDelay(true);
  });
  return listenOn({ server, name: "osmand", port, host, sockets: gate.sockets });
};
