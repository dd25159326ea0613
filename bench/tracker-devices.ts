// The devices of the trackers bench (bench/trackers.ts) in a process of their own, so that their work does not
// delay the listeners' event loop (nor theirs the devices' clocks) and their CPU is told apart. Started by
// bench/trackers.ts with an IPC channel: receives a DevicePlan, answers with DeviceResults.
import net from "node:net";
import { Client } from "pg";
import { FLEET_EVENTS_CHANNEL } from "@/lib/telemetry/fleet-events/fleet-event";
import { summarize, type Latency } from "./measure";
import { BENCH_PROTOCOLS, type BenchProtocol } from "./tracker-protocols";

export type DevicePlan = {
  databaseUrl: string;
  tenant: { companyId: number; dataset: string };
  host: string;
  ports: Record<string, number>;
  devices: { protocol: string; vehicleId: number; identifier: string }[];
  seconds: number;
  /** Fixes a second each device sends; past 1, they are stamped a second apart ending now (a device catching up). */
  perSecond: number;
  /** The first seconds of fixes, left out of `afterWarmup` (the listeners' code and connections still cold). */
  warmupSeconds: number;
};

export type ProtocolFigures = {
  protocol: string;
  connections: number;
  sent: number;
  /** Answers to fixes (null: the protocol answers none). */
  acked: number | null;
  ack: Latency | null;
  /** From the frame sent to its row visible in the database. */
  visible: Latency;
  /** `ack` (or, for a protocol that answers none, `visible`) of the fixes sent after the plan's first `warmupSeconds`. */
  afterWarmup: Latency;
  /** How late the sends were against their schedule (the devices' process keeping up). */
  sendLag: Latency;
  /** Seconds from the first fix due to the last one answered or seen stored. */
  doneSeconds: number;
};
export type DeviceResults = {
  figures: ProtocolFigures[];
  elapsedSeconds: number;
  stampFrom: number;
  stampTo: number;
  /** CPU seconds this process used from the devices' being connected to the end. */
  cpuSeconds: number;
};

type Device = {
  protocol: BenchProtocol;
  vehicleId: number;
  identifier: string;
  socket: net.Socket;
  received: Buffer;
  onHello: (() => void) | null;
  /** When each fix n was sent (performance.now()). */
  sentAt: Float64Array;
  unanswered: number[];
};

const CONNECT_AT_ONCE = 200;
/** After the last fix, how long the answers and rows may stop coming before the rest count as lost. */
const STALL_MS = 10_000;

const run = async (plan: DevicePlan): Promise<DeviceResults> => {
  const byName = new Map(BENCH_PROTOCOLS.map((protocol) => [protocol.name as string, protocol]));
  const perDevice = Math.round(plan.seconds * plan.perSecond);
  const acks = new Map<string, number[]>();
  const stored = new Map<string, number[]>();
  const lags = new Map<string, number[]>();
  const afterWarmup = new Map<string, number[]>();
  const warmupFixes = Math.round(plan.warmupSeconds * plan.perSecond);
  const lastAt = new Map<string, number>();
  for (const name of new Set(plan.devices.map((device) => device.protocol))) [acks, stored, lags, afterWarmup].forEach((map) => map.set(name, []));
  const fail = (device: Device, why: string) => {
    throw new Error(`${device.protocol.name} device ${device.identifier}: ${why}`);
  };
  const receive = (device: Device, chunk: Buffer) => {
    device.received = device.received.length === 0 ? chunk : Buffer.concat([device.received, chunk]);
    for (;;) {
      const framing = device.onHello ? device.protocol.helloAnswer : device.protocol.fixAnswer;
      const length = framing?.(device.received) ?? null;
      if (length === null) return;
      device.received = device.received.subarray(length);
      if (device.onHello) {
        device.onHello();
        device.onHello = null;
      } else {
        const serial = device.unanswered.shift();
        if (serial === undefined) fail(device, "an answer to no fix");
        const latency = performance.now() - device.sentAt[serial!];
        acks.get(device.protocol.name)!.push(latency);
        if (serial! >= warmupFixes) afterWarmup.get(device.protocol.name)!.push(latency);
        lastAt.set(device.protocol.name, performance.now());
      }
    }
  };
  const connect = async ({ protocol: name, vehicleId, identifier }: DevicePlan["devices"][number]) => {
    const protocol = byName.get(name)!;
    const socket = net.connect({ port: plan.ports[name], host: plan.host });
    socket.setNoDelay(true);
    const device: Device = {
      protocol,
      vehicleId,
      identifier,
      socket,
      received: Buffer.alloc(0),
      onHello: null,
      sentAt: new Float64Array(perDevice),
      unanswered: [],
    };
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} device ${identifier}: no answer to its first frame`)), 30_000);
      device.onHello = () => {
        clearTimeout(timer);
        resolve();
      };
      socket.on("data", (chunk: Buffer) => receive(device, chunk));
      // A connection that fails or closes loses its fixes: the counts say so.
      socket.on("error", () => undefined);
      socket.once("close", () => reject(new Error(`${name} device ${identifier}: closed before its first answer`)));
      socket.once("connect", () => {
        socket.write(protocol.hello(identifier, new Date()));
        // A protocol that answers no first frame: the device goes on at once.
        if (!protocol.helloAnswer) {
          device.onHello?.();
          device.onHello = null;
        }
      });
    });
    return device;
  };
  const devices: Device[] = [];
  for (let at = 0; at < plan.devices.length; at += CONNECT_AT_ONCE)
    devices.push(...(await Promise.all(plan.devices.slice(at, at + CONNECT_AT_ONCE).map(connect))));
  const deviceOf = new Map(devices.map((device) => [device.vehicleId, device]));
  process.send!({ connected: devices.length });
  const cpuFrom = process.cpuUsage();

  // What the database shows: every committed position of the tenant, read as each commit is announced.
  const watcher = new Client({ connectionString: plan.databaseUrl, application_name: "bench_tracker_watcher" });
  await watcher.connect();
  const newer = `select vehicle_id, (extract(epoch from time) * 1000)::float8 as ms, seq from vehicle_positions
    where company_id = $1 and dataset = $2 and seq > $3 order by seq`;
  let seq = Number(
    (
      await watcher.query(`select coalesce(max(seq), 0) as seq from vehicle_positions where company_id = $1 and dataset = $2`, [
        plan.tenant.companyId,
        plan.tenant.dataset,
      ])
    ).rows[0].seq,
  );
  const periodMs = 1000 / plan.perSecond;
  // Whole seconds, one a fix, the last one a second before the run ends.
  const stampFrom = Math.floor(Date.now() / 1000) * 1000 + 1000 - (perDevice - plan.seconds) * 1000;
  // Every frame is built before the first is sent: the devices then only write, and their process takes less of the
  // two cores the listeners are measured on (building them as they went cost ~30 µs of CPU a fix at 10,000 a second).
  const frames = devices.map((device) =>
    Array.from({ length: perDevice }, (_, n) =>
      device.protocol.fix(
        device.identifier,
        {
          time: new Date(stampFrom + n * 1000),
          fix: { latitude: 41.8 + (device.vehicleId % 100) / 1e3, longitude: -87.7 + n / 1e4, speedKmh: 40, heading: 90, satellites: 9 },
          io: { ignition: true },
        },
        n + 1,
      ),
    ),
  );
  const started = performance.now() + 1000;
  let seen = 0;
  let reading: Promise<void> | null = null;
  let again = false;
  const read = async () => {
    const { rows } = await watcher.query(newer, [plan.tenant.companyId, plan.tenant.dataset, seq]);
    const now = performance.now();
    for (const row of rows) {
      seq = Math.max(seq, Number(row.seq));
      const device = deviceOf.get(row.vehicle_id);
      const serial = (row.ms - stampFrom) / 1000;
      if (!device || !(serial >= 0 && serial < perDevice)) continue;
      stored.get(device.protocol.name)!.push(now - device.sentAt[serial]);
      if (!device.protocol.fixAnswer && serial >= warmupFixes) afterWarmup.get(device.protocol.name)!.push(now - device.sentAt[serial]);
      lastAt.set(device.protocol.name, now);
      seen++;
    }
  };
  const wake = () => {
    if (reading) return void (again = true);
    reading = (async () => {
      do {
        again = false;
        await read();
      } while (again);
    })().finally(() => (reading = null));
  };
  watcher.on("notification", wake);
  await watcher.query(`listen ${FLEET_EVENTS_CHANNEL}`);

  // Device k's fix n is due at n periods plus k / count of one: the devices spread over each period, as real ones are.
  const total = devices.length * perDevice;
  let next = 0;
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total) {
        const n = Math.floor(next / devices.length);
        const k = next % devices.length;
        const due = started + n * periodMs + (k * periodMs) / devices.length;
        if (due > now) break;
        const device = devices[k];
        lags.get(device.protocol.name)!.push(now - due);
        device.sentAt[n] = performance.now();
        device.socket.write(frames[k][n]);
        if (device.protocol.fixAnswer) device.unanswered.push(n);
        sent++;
        next++;
      }
      if (next < total) setTimeout(tick, 2);
      else resolve();
    };
    setTimeout(tick, Math.max(0, started - performance.now()));
  });
  const elapsedSeconds = (performance.now() - started) / 1000;
  const unanswered = () => devices.reduce((count, device) => count + device.unanswered.length, 0);
  let progress = { seen, unanswered: unanswered(), at: performance.now() };
  while ((seen < sent || progress.unanswered > 0) && performance.now() - progress.at < STALL_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    wake();
    if (seen !== progress.seen || unanswered() !== progress.unanswered) progress = { seen, unanswered: unanswered(), at: performance.now() };
  }
  const cpu = process.cpuUsage(cpuFrom);
  await reading;
  for (const device of devices) device.socket.destroy();
  await watcher.end();
  const figures = [...acks.keys()].map((name): ProtocolFigures => {
    const mine = devices.filter((device) => device.protocol.name === name);
    const answers = byName.get(name)!.fixAnswer !== null;
    return {
      protocol: name,
      connections: mine.length,
      sent: mine.length * perDevice,
      acked: answers ? acks.get(name)!.length : null,
      ack: answers ? summarize(acks.get(name)!) : null,
      visible: summarize(stored.get(name)!),
      afterWarmup: summarize(afterWarmup.get(name)!),
      sendLag: summarize(lags.get(name)!),
      doneSeconds: ((lastAt.get(name) ?? started) - started) / 1000,
    };
  });
  return { figures, elapsedSeconds, stampFrom, stampTo: stampFrom + perDevice * 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
};

process.once("message", (plan: DevicePlan) => {
  run(plan).then(
    (results) => process.send!(results, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
