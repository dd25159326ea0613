import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validatePositionReport, validateStatSample } from "@/lib/telemetry/store";
import { crc16Ibm, crc16X25 } from "@/lib/ingestion/trackers/crc";
import { FrameError } from "@/lib/ingestion/trackers/frame-reader";
import { decodeGt06Frame, gt06FrameLength } from "@/lib/ingestion/trackers/gt06-codec";
import { encodeGt06Login } from "@/lib/ingestion/trackers/gt06-encoder";
import { startTrackers, type Trackers } from "@/lib/ingestion/trackers/start-trackers";
import { connectTracker } from "@/lib/ingestion/trackers/tracker-client";
import type { TrackerRecord } from "@/lib/ingestion/trackers/tracker-record";
import { trackerTelemetry } from "@/lib/ingestion/trackers/tracker-telemetry";
import { decodeTeltonikaPacket, readTeltonikaImei, teltonikaPacketLength } from "@/lib/ingestion/trackers/teltonika-codec";
import { encodeTeltonikaImei, encodeTeltonikaPacket } from "@/lib/ingestion/trackers/teltonika-encoder";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { rebindDevice } from "../../helpers/devices";

/**
 * Property-based fuzzing of both decoders (seeded, bounded): whatever bytes arrive, framing and
 * decoding either succeed or throw a FrameError (never another error), and what they decode always
 * becomes telemetry the ingestion accepts (so one device can never fail a shared batch). Then the
 * listeners take hostile streams on several connections and still serve a well-behaved device.
 */
const SEED = 20_261_124;
const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const VEHICLE = { companyId: 1, dataset: "live" as const, vehicleId: 1 };

/** Frames and decodes like the listener: only FrameError may escape. */
const decodeLike = (frameLength: (bytes: Buffer) => number | null, decode: (frame: Buffer) => TrackerRecord[], bytes: Buffer) => {
  try {
    const length = frameLength(bytes);
    if (length === null || bytes.length < length) return [];
    return decode(bytes.subarray(0, length));
  } catch (error) {
    if (error instanceof FrameError) return [];
    throw error;
  }
};

const teltonikaRecords = (frame: Buffer) => decodeTeltonikaPacket(frame).records;
const gt06Records = (frame: Buffer) => {
  const message = decodeGt06Frame(frame);
  return message.type === "record" ? [message.record] : [];
};

/** A Teltonika packet around `data` (codec id and count forced plausible), with a right CRC, so decoding goes past the checksum. */
const sealedTeltonika = (codec: number, data: Uint8Array) => {
  const body = Buffer.concat([Buffer.from([codec]), Buffer.from(data)]);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length, 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc16Ibm(body), 0);
  return Buffer.concat([header, body, crc]);
};

/** A GT06 frame of `protocol` and `content`, with a right CRC and stop bits. */
const sealedGt06 = (protocol: number, content: Uint8Array) => {
  const body = Buffer.concat([Buffer.from([content.length + 5, protocol]), Buffer.from(content), Buffer.from([0, 1])]);
  const tail = Buffer.alloc(4);
  tail.writeUInt16BE(crc16X25(body), 0);
  tail.writeUInt16BE(0x0d0a, 2);
  return Buffer.concat([Buffer.from([0x78, 0x78]), body, tail]);
};

const acceptedByIngestion = (records: TrackerRecord[]) => {
  const now = new Date();
  const { positions = [], stats = [] } = trackerTelemetry({ vehicle: VEHICLE, records, now });
  positions.forEach((position) => validatePositionReport(position, () => "position", now.getTime()));
  stats.forEach((sample) => validateStatSample(sample, () => "stat", now.getTime()));
  return true;
};

describe("decoder fuzzing", () => {
  const options = { seed: SEED, numRuns: RUNS };

  it("Teltonika: random bytes, and sealed packets of random records, decode or raise FrameError, into valid telemetry", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const buffer = Buffer.from(bytes);
        try {
          readTeltonikaImei(buffer);
        } catch (error) {
          if (!(error instanceof FrameError)) throw error;
        }
        return acceptedByIngestion(decodeLike(teltonikaPacketLength, teltonikaRecords, buffer));
      }),
      options,
    );
    fc.assert(
      fc.property(fc.constantFrom(0x08, 0x8e), fc.uint8Array({ maxLength: 400 }), (codec, data) =>
        acceptedByIngestion(decodeLike(teltonikaPacketLength, teltonikaRecords, sealedTeltonika(codec, data))),
      ),
      options,
    );
  });

  it("Teltonika: valid packets with one byte changed and the CRC fixed still decode or raise FrameError", () => {
    const record = {
      time: new Date(Date.now() - 60_000),
      fix: { latitude: 41.9, longitude: -87.6, speedKmh: 50, heading: 10, satellites: 9, altitude: 180, hdop: 1 },
      io: { ignition: true, odometerMeters: 5_000, fuelPercent: 50, engineRpm: 900 },
    };
    fc.assert(
      fc.property(fc.constantFrom(0x08, 0x8e), fc.nat(), fc.nat(255), (codec, at, value) => {
        const data = encodeTeltonikaPacket({ records: [record, record], codec: codec as 0x08 }).subarray(9, -4);
        const mutated = Buffer.from(data);
        mutated[at % mutated.length] = value;
        return acceptedByIngestion(decodeLike(teltonikaPacketLength, teltonikaRecords, sealedTeltonika(codec, mutated)));
      }),
      options,
    );
  });

  it("GT06: random bytes, and sealed frames of every packet type with random content, decode or raise FrameError, into valid telemetry", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => acceptedByIngestion(decodeLike(gt06FrameLength, gt06Records, Buffer.from(bytes)))),
      options,
    );
    fc.assert(
      fc.property(fc.constantFrom(0x01, 0x12, 0x13, 0x16, 0x22, 0x26, 0x8a), fc.uint8Array({ maxLength: 60 }), (protocol, content) =>
        acceptedByIngestion(decodeLike(gt06FrameLength, gt06Records, sealedGt06(protocol, content))),
      ),
      options,
    );
  });
});

describe("listener fuzzing", () => {
  const database = useTestDatabase();
  let trackers: Trackers;
  beforeAll(async () => {
    const { db } = database();
    await seedTestCompanies({ db });
    await rebindDevice({ db, from: "demo-live-1", to: "356307042441013" });
    await rebindDevice({ db, from: "demo-live-2", to: "868120301234567" });
    trackers = await startTrackers({
      db,
      settings: {
        teltonikaPort: 3465,
        gt06Port: 3466,
        host: "127.0.0.1",
        idleTimeoutMs: 2_000,
        maxConnectionsPerAddress: 50,
        maxConnections: 1_000,
        frameTimeoutMs: 2_000,
      },
    });
  });
  afterAll(async () => trackers?.close());

  it("takes hostile streams, before and after the handshake, and still serves a well-behaved device", async () => {
    const streams = fc.sample(
      fc.tuple(fc.boolean(), fc.boolean(), fc.array(fc.uint8Array({ minLength: 1, maxLength: 2_000 }), { minLength: 1, maxLength: 5 })),
      { seed: SEED, numRuns: 40 },
    );
    await Promise.all(
      streams.map(async ([teltonika, handshake, chunks]) => {
        const device = await connectTracker({ port: teltonika ? 3465 : 3466, timeoutMs: 3_000 });
        if (handshake) device.send(teltonika ? encodeTeltonikaImei("356307042441013") : encodeGt06Login("868120301234567", 1));
        for (const chunk of chunks) device.send(Buffer.from(chunk));
        await device.closed();
        device.end();
      }),
    );
    const device = await connectTracker({ port: 3465, timeoutMs: 3_000 });
    device.send(encodeTeltonikaImei("356307042441013"));
    expect(await device.read(1)).toEqual(Buffer.from([0x01]));
    device.send(
      encodeTeltonikaPacket({
        records: [{ time: new Date(Date.now() - 1_000), fix: { latitude: 41.9, longitude: -87.6, speedKmh: 20, heading: 0, satellites: 7 }, io: {} }],
      }),
    );
    expect((await device.read(4))?.readUInt32BE(0)).toBe(1);
    device.end();
  });
});
