import http from "node:http";
import type net from "node:net";
import type { DeviceVehicle } from "@/lib/fleet/devices/device-bindings";
import { findOsmandVehicle, osmandTelemetry, readOsmandReport } from "@/lib/fleet/devices/osmand";
import { OSMAND_BODY_LIMIT_BYTES, osmandParamsOf } from "@/lib/fleet/devices/read-osmand-params";
import { AppError } from "@/lib/platform/errors";
import { newRequestId, toAppError } from "@/lib/platform/http";
import { createConnectionGate, remoteAddressOf, type ListenerLimits } from "./connection-gate";
import { listenOn } from "./listen-on";
import type { TrackerContext } from "./tracker-session";

/** A connection's device, once found: a keep-alive connection's later reports of the same id are not looked up again (as a TCP tracker binds once). */
type ConnectionDevice = { identifier: string; vehicle: DeviceVehicle };

const TOO_LARGE = `Request body exceeds ${OSMAND_BODY_LIMIT_BYTES} bytes.`;
/** One decoder for every body: decoding a whole body at once keeps no state between calls. */
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A POST's body as text, at most OSMAND_BODY_LIMIT_BYTES (413 past it), UTF-8 (400 otherwise). Traccar Client posts its
 * values in the query string and an empty body: that is answered without reading a stream (an async iterator, its
 * watchers and a decoder a report, garbage that outlived the young generation; docs/scaling.md, "Issue 37, session 27").
 */
const readBody = (request: http.IncomingMessage) => {
  const declared = request.headers["content-length"];
  if (Number(declared ?? 0) > OSMAND_BODY_LIMIT_BYTES) throw new AppError("payload_too_large", TOO_LARGE);
  if (declared === "0" || (declared === undefined && request.headers["transfer-encoding"] === undefined)) return "";
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= OSMAND_BODY_LIMIT_BYTES) chunks.push(chunk);
      else reject(new AppError("payload_too_large", TOO_LARGE));
    });
    request.on("error", reject);
    request.on("end", () => {
      try {
        resolve(utf8.decode(Buffer.concat(chunks)));
      } catch {
        reject(new AppError("bad_request", "Request body is not valid UTF-8."));
      }
    });
  });
};

/**
 * The request's query string: any path is the protocol's (Traccar's is `/`). A path is read as it is; an absolute
 * address through `URL`, and one that is no URL (`http://[::1`) is the device's fault.
 */
const queryOf = ({ url = "/" }: http.IncomingMessage) => {
  const at = url.indexOf("?");
  if (url.startsWith("/") && !url.startsWith("//")) return new URLSearchParams(at < 0 ? "" : url.slice(at + 1).split("#", 1)[0]);
  if (!URL.canParse(url, "http://osmand")) throw new AppError("bad_request", "The request's address is not a valid URL.");
  return new URL(url, "http://osmand").searchParams;
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
    const vehicle = await findOsmandVehicle({ db: context.db, identifier, remoteAddress: remoteAddressOf(socket), now, findDevice: context.findDevice });
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
