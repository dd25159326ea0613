import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validatePositionReport, validateStatSample } from "@/lib/telemetry/store";
import { crc16Ibm, crc16X25 } from "@/lib/ingestion/trackers/crc";
import { FrameError } from "@/lib/ingestion/trackers/frame-reader";
import { decodeGps103Frame, gps103FrameLength } from "@/lib/ingestion/trackers/gps103-codec";
import { decodeGt06Frame, gt06FrameLength } from "@/lib/ingestion/trackers/gt06-codec";
import { decodeH02Frame, h02FrameLength } from "@/lib/ingestion/trackers/h02-codec";
import { decodeQueclinkFrame, queclinkFrameLength } from "@/lib/ingestion/trackers/queclink-codec";
import { decodeSuntechFrame, suntechFrameLength } from "@/lib/ingestion/trackers/suntech-codec";
import { decodeJt808Frame, encodeJt808Frame, jt808FrameLength } from "@/lib/ingestion/trackers/jt808-codec";
import { decodeMeitrackFrame, meitrackFrameLength } from "@/lib/ingestion/trackers/meitrack-codec";
import { jt808CommandAnswer } from "@/lib/ingestion/trackers/jt808-commands";
import { encodeJt808Heartbeat, encodeJt808Location } from "@/lib/ingestion/trackers/jt808-encoder";
import { encodeGt06Login } from "@/lib/ingestion/trackers/gt06-encoder";
import { decodeRuptelaFrame, ruptelaFrameLength } from "@/lib/ingestion/trackers/ruptela-codec";
import { encodeRuptelaHeartbeat, encodeRuptelaPacket, encodeRuptelaRecords } from "@/lib/ingestion/trackers/ruptela-encoder";
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
 * Property-based fuzzing of the decoders (seeded, bounded): whatever bytes arrive, framing and
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

const h02Records = (frame: Buffer) => {
  const message = decodeH02Frame(frame);
  return "record" in message ? [message.record] : [];
};
const gps103Records = (frame: Buffer) => {
  const message = decodeGps103Frame(frame);
  return message.type === "report" && message.record ? [message.record] : [];
};

const queclinkRecords = (frame: Buffer) => {
  const message = decodeQueclinkFrame(frame);
  return message.type === "report" ? message.records : [];
};
const jt808Records = (frame: Buffer) => {
  const message = decodeJt808Frame(frame);
  // What a command's answer would record: never anything but text.
  if (message) expect(typeof (jt808CommandAnswer(message)?.text ?? "")).toBe("string");
  return message?.type === "locations" ? message.locations.map((location) => location.record) : [];
};
const JT808_PHONE = Buffer.from("013511221122", "hex");
/** A JT808 message of `id` and `body`, with a right length, check code and escapes, so decoding goes past them. */
const sealedJt808 = (id: number, body: Uint8Array) =>
  encodeJt808Frame({ id, version: null, phone: JT808_PHONE, serial: 1 }, Buffer.from(body).subarray(0, 1_023));

/** Text made of what the text protocols' fields are made of, so that random messages get past the first checks. */
const fieldText = fc.string({ unit: fc.constantFrom(..."0123456789.,-ABEFLNSVWX:/ #*;imeHQOBDhlp"), maxLength: 160 });

/** Valid frames with one character replaced: the decoders' deeper paths with nearly right input. */
const mutated = (frames: string[]) =>
  fc.tuple(fc.constantFrom(...frames), fc.nat(), fc.constantFrom(..."0123456789.,-ANSEWV#;F*x ")).map(([frame, at, character]) => {
    const index = at % frame.length;
    return Buffer.from(frame.slice(0, index) + character + frame.slice(index + 1), "latin1");
  });

/** Today's date and time as the text protocols write them (`ddmmyy`, `hhmmss`, `yymmddhhmmss`), so that mutated frames reach validation. */
const recent = new Date(Date.now() - 60_000).toISOString();
const [yy, mo, dd, hh, mi, ss] = [
  recent.slice(2, 4),
  recent.slice(5, 7),
  recent.slice(8, 10),
  recent.slice(11, 13),
  recent.slice(14, 16),
  recent.slice(17, 19),
];

const H02_FRAMES = [
  `*HQ,4210051415,V1,${hh}${mi}${ss},A,4152.6860,N,08737.7880,W,57.78,359,${dd}${mo}${yy},FFFFFBFF#`,
  "*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#",
  "*HQ,1451316409,V1,030149,A,-23-29.0095,S,-46-51.5852,W,2.4,065,070315,FFFFFFFF#",
  "*HQ,5905101893,V1,105759,A,37573392,S,145037022,E,000.00,173,280122,FF7FFBFF,,,9059e2c,8232,4#",
  "*TH,2020916012,V4,S14,100,10,1,3,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF#",
  "*HQ,4109179024,NBR,103732,722,310,0,6,8106,32010,23,8101,22007,25,100217,FFFFFBFF,5#",
  "*HQ,1700086468,LINK,180902,15,0,84,0,0,240517,FFFFFBFF#",
  "*HQ,135790246811220,HTBT,100#",
];
/** Real binary `$` records (h02-binary.test.ts), the first dated a minute ago so that mutated copies reach ingestion's checks. */
const H02_BINARY_FRAMES = [
  `244106011660${hh}${mi}${ss}${dd}${mo}${yy}5035313006004318210e000000fffffbffff0024`,
  "24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f",
  "2435248308419329301047591808172627335900074412294E024138FEFFFFFFFF01120064BA73005ECC",
  "24971305007205201916101533335008000073206976000000effffbffff000252776566060000000000000000000049",
  "5800009814991024031101175540227006012321670c000095fffffbffff0033",
].map((hex) => Buffer.from(hex, "hex"));
/** Binary records with one byte replaced. */
const mutatedBinary = (frames: Buffer[]) =>
  fc.tuple(fc.constantFrom(...frames), fc.nat(), fc.integer({ min: 0, max: 255 })).map(([frame, at, byte]) => {
    const copy = Buffer.from(frame);
    copy[at % copy.length] = byte;
    return copy;
  });
const GPS103_FRAMES = [
  `imei:359710049092324,tracker,${yy}${mo}${dd}${hh}${mi}${ss},,F,${hh}${mi}${ss}.000,A,4152.6860,N,08737.7880,W,65.26,271.82,181.5,1,0,,,;`,
  "##,imei:359586015829802,A;",
  "359586015829802;",
  "imei:359710049092324,tracker,151027025958,,F,235957.000,A,2429.5156,N,04424.5828,E,0.01,27.91,,0,0,,,;",
  "imei:353552045403597,tracker,150420050648,53.0,F,0.0,A,N,5306.64155,E,00700.77848,0.0,,1.0,;",
  "imei:862106025092216,OBD,170605095949,195874,,370.8,808,066,30.0%,+87,13.0%,02444,14.3,,,,;",
  "imei:359710049075097,help me,,,L,,,113b,,558f,,,,,0,0,,,;",
  "359769031878322imei:359769031878322,tracker,1602160718,2,F,221811.000,A,1655.2193,S,14546.6722,E,0.00,,;",
];

const QUECLINK_FRAMES = [
  `+RESP:GTFRI,060228,862894020180553,,14827,10,1,1,3.4,199,409.6,-63.174466,-17.739317,` +
    `20${yy}${mo}${dd}${hh}${mi}${ss},0000,0000,0000,0000,00,15989.5,01070:43:13,13,180,0,` +
    `220101,,,,20${yy}${mo}${dd}${hh}${mi}${ss},9607$`,
  "+RESP:GTFRI,240100,135790246811220,,,10,2,1,4.3,92,70.0,121.354335,31.222073," +
    "20090214013254,0460,0000,18d8,6141,00,0,4.3,92,70.0,121.354335,31.222073,20090101000000," +
    "0460,0000,18d8,6141,00,2000.0,12345:12:34,,,80,,,,,20090214093254,11F0$",
  `+BUFF:GTIGF,840502,867963063190000,,0,0,,,,,,,0268,0006,22C4,13E5,00,,,20${yy}${mo}${dd}${hh}${mi}${ss},22D0$`,
  "+RESP:GTOBD,1F0109,864251020135483,4T1BE46KX7U018210,gv500,0,78FFFF,4T1BE46KX7U018210,1," +
    "13411,981B81C0,787,3,43,,921,463,1,10,0300030103030304001200310351035203530354,20,55,," +
    "1286,0,6.5,74,21.6,3.379710,6.529714,20150813074824,0621,0030,51C0,A2B3,00,0.0," +
    "20150813074828,A7E9$",
  "+RESP:GTHBM,0F0100,135790246811220,,,10,1,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,2000.0,20090214093254,11F0$",
  "+RESP:GTINF,C20113,869653060997976,,1A,89148000005959187498,15,0,1,12584,,4.08,0,1,,,20240107182609,,,,,,+0000,0,20240107182612,06D6$",
  "+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$",
];

const suntechRecords = (frame: Buffer) => {
  const message = decodeSuntechFrame(frame);
  return message.type === "report" ? [message.record] : [];
};
const suntechStamp = `20${yy}${mo}${dd};${hh}:${mi}:${ss}`;
const SUNTECH_FRAMES = [
  `ST300STT;007238270;40;313;${suntechStamp};c99e48;+04.644623;-074.076922;010.390;202.77;20;1;997100;14.10;100000;2;8384;003634;4.1;1\r`,
  `ST300ALT;007239104;40;313;${suntechStamp};c99139;+04.703287;-074.148897;000.000;189.72;21;1;425512;12.61;100000;47;003188;4.1;1\r`,
  `SA200EMG;317652;042;${suntechStamp};16d41;-15.618740;-056.083252;000.034;000.00;8;1;41548;12.17;110000;1\r`,
  `ST600STT;008084783;20;419;${suntechStamp};0032cc3e;736;3;445c;41;-16.530023;-068.084267;018.640;267.99;10;1;11655;13.33;100000;2;0336;000061;4.5;0;0.00\r`,
  `STT;0560001616;BFFFFF;56;1.0.15;1;${suntechStamp};00008D6C;334;20;0925;24;+20.741764;-103.430364;0.00;0.00;19;1;00000001;00000000;` +
    "2;1;1765;00008003;0.0;12.14;136598\r",
  `ALT;0950030205;3FFFFF;95;1.0.11;0;${suntechStamp};02F2F402;334;20;0F1D;45;+25.791061;-100.170745;0.00;0.00;18;1;00000101;00000000;42;2;\r`,
  `ST910;Location;344506;017;${suntechStamp};-25.398714;-049.296818;000.187;000.00;1;4.32;1;1;0001\r`,
  "ST410STT;007272376;408;01;21651;732;123;-65;1824;1;21654;732;123;1824;0;0;22542;732;123;1824;0;0;21656;732;123;1824;0;0;21655;732;123;1824;0;0;" +
    `22541;732;123;1824;0;0;0;0;0;0;0;0;3.7;1;0156;1;${suntechStamp};+04.722322;-074.052776;000.074;000.00;10;1\r`,
  "ST300UEX;100850000;01;010;20081017;07:41:56;2F100;+37.478519;+126.886819;000.012;000.00;9;1;0;15.30;001100;25;Welcome to Suntech World!;12;0;4.5;1\r",
  "SA200ALV;317652\r",
];
const SUNTECH_HEADERS = ["ST300STT;007238270", "SA200ALT;317652", "ST410STT;007272376", "STT;0560001616;3FFFFF", "ALT;0560001616;FFFFFF", "ST910;Alert;123456"];
/** The real binary reports (universal 0x81/0x82, zip 0x02), for one-byte changes (their lengths kept). */
const SUNTECH_BINARY = [
  "81004e05200013383fffff3401000301130a0512080400000000000000000000000047f9d5846a06810072225214010100020300a8002604c1000004b000000470000025a1" +
    "00000000000025c4000000a6",
  "82004d05800000553fffff360100100114020410293902ccccf102dc007b00053c00476fa18469e87f000000000b0100003b00081d00000113f3f8010000049e000000000000" +
    "00001d00000113f3f801",
  "02003210511340877028813f180c170016041051290c0635652d793653000038001a30e601665e560000000100750002712704000103",
].map((value) => Buffer.from(value, "hex"));

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

describe("JT808 decoder fuzzing", () => {
  const options = { seed: SEED, numRuns: RUNS };

  it("JT808: random bytes, sealed messages of random bodies and mutated real reports decode or raise FrameError, into valid telemetry", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) =>
        acceptedByIngestion(decodeLike(jt808FrameLength, jt808Records, Buffer.from([0x7e, ...bytes, 0x7e]))),
      ),
      options,
    );
    fc.assert(
      fc.property(fc.constantFrom(0x0200, 0x0201, 0x0500, 0x0704, 0x0100, 0x0102, 0x0002, 0x0001), fc.uint8Array({ maxLength: 200 }), (id, body) =>
        acceptedByIngestion(decodeLike(jt808FrameLength, jt808Records, sealedJt808(id, body))),
      ),
      options,
    );
    // A report of now, with items, one body byte changed (the check code fixed): the location's deeper paths.
    const report = encodeJt808Location(
      { identifier: "13511221122", serial: 1 },
      {
        time: new Date(Date.now() - 60_000),
        fix: { latitude: 22.5, longitude: 114, speedKmh: 40, heading: 90 },
        io: { ignition: true, gpsOdometerMeters: 5_000 },
      },
    );
    const body = Buffer.concat([report.subarray(13, report.length - 2), Buffer.from("0302012c310109700800000001000200002504000000ff", "hex")]);
    fc.assert(
      fc.property(fc.nat(), fc.nat(255), (at, value) => {
        const mutated = Buffer.from(body);
        mutated[at % mutated.length] = value;
        return acceptedByIngestion(decodeLike(jt808FrameLength, jt808Records, sealedJt808(0x0200, mutated)));
      }),
      options,
    );
  });
});

const RUPTELA_IMEI = "863071016796572";
const ruptelaRecords = (frame: Buffer) => decodeRuptelaFrame(frame).records;

describe("Ruptela decoder fuzzing", () => {
  const options = { seed: SEED, numRuns: RUNS };

  it("random bytes, sealed packets of every command with random payloads and mutated records of now decode or raise FrameError, into valid telemetry", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => acceptedByIngestion(decodeLike(ruptelaFrameLength, ruptelaRecords, Buffer.from(bytes)))),
      options,
    );
    fc.assert(
      fc.property(fc.constantFrom(1, 68, 9, 7, 15, 16, 37, 99), fc.uint8Array({ maxLength: 400 }), (command, payload) =>
        acceptedByIngestion(decodeLike(ruptelaFrameLength, ruptelaRecords, encodeRuptelaPacket(RUPTELA_IMEI, command, Buffer.from(payload)))),
      ),
      options,
    );
    // Records of now with every IO size, one payload byte changed (the CRC fixed): the records' deeper paths.
    const record = {
      time: new Date(Date.now() - 60_000),
      fix: { latitude: 54.68, longitude: 25.28, speedKmh: 50, heading: 10, satellites: 9, altitude: 120, hdop: 1 },
      io: { ignition: true, externalVolts: 13.2, gpsOdometerMeters: 5_000 },
    };
    fc.assert(
      fc.property(fc.boolean(), fc.nat(), fc.nat(255), (extended, at, value) => {
        const packet = encodeRuptelaRecords({ imei: RUPTELA_IMEI, records: [record, record], extended });
        const payload = Buffer.from(packet.subarray(11, packet.length - 2));
        payload[at % payload.length] = value;
        const command = extended ? 68 : 1;
        return acceptedByIngestion(decodeLike(ruptelaFrameLength, ruptelaRecords, encodeRuptelaPacket(RUPTELA_IMEI, command, payload)));
      }),
      options,
    );
  });
});

describe("text decoder fuzzing", () => {
  const options = { seed: SEED, numRuns: RUNS };

  it("H02: random bytes and field characters, random and mutated binary records, mutated real frames decode or raise FrameError, into valid telemetry", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => acceptedByIngestion(decodeLike(h02FrameLength, h02Records, Buffer.from(bytes)))),
      options,
    );
    fc.assert(
      fc.property(fc.constantFrom("V1", "V4", "NBR", "LINK", "V3", "HTBT", "V19", "XT"), fieldText, (kind, fields) =>
        acceptedByIngestion(decodeLike(h02FrameLength, h02Records, Buffer.from(`*HQ,4210051415,${kind},${fields}#`, "latin1"))),
      ),
      options,
    );
    fc.assert(
      fc.property(mutated(H02_FRAMES), (frame) => acceptedByIngestion(decodeLike(h02FrameLength, h02Records, frame))),
      options,
    );
    // Records of random bytes after a `$` and a plausible id, time and date, so that framing and decoding go past the first checks.
    fc.assert(
      fc.property(fc.constantFrom("244106011660124543131116", "243524830841932930104759180817"), fc.uint8Array({ maxLength: 60 }), (head, tail) =>
        acceptedByIngestion(decodeLike(h02FrameLength, h02Records, Buffer.concat([Buffer.from(head, "hex"), Buffer.from(tail)]))),
      ),
      options,
    );
    fc.assert(
      fc.property(mutatedBinary(H02_BINARY_FRAMES), (frame) => acceptedByIngestion(decodeLike(h02FrameLength, h02Records, frame))),
      options,
    );
  });

  it("GPS103: random bytes, random reports of field characters and mutated real frames decode or raise FrameError, into valid telemetry", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => acceptedByIngestion(decodeLike(gps103FrameLength, gps103Records, Buffer.from(bytes)))),
      options,
    );
    fc.assert(
      fc.property(fc.constantFrom("tracker", "help me", "acc on", "OBD", "move"), fieldText, (keyword, fields) =>
        acceptedByIngestion(decodeLike(gps103FrameLength, gps103Records, Buffer.from(`imei:359710049092324,${keyword},${fields};`, "latin1"))),
      ),
      options,
    );
    fc.assert(
      fc.property(mutated(GPS103_FRAMES), (frame) => acceptedByIngestion(decodeLike(gps103FrameLength, gps103Records, frame))),
      options,
    );
  });
});

describe("Queclink decoder fuzzing", () => {
  const options = { seed: SEED, numRuns: RUNS };

  it("random bytes, random reports of field characters and mutated real frames decode or raise FrameError, into valid telemetry", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => acceptedByIngestion(decodeLike(queclinkFrameLength, queclinkRecords, Buffer.from(bytes)))),
      options,
    );
    fc.assert(
      fc.property(fc.constantFrom("+RESP:GTFRI", "+BUFF:GTERI", "+RESP:GTIGN", "+RESP:GTOBD", "+RESP:GTHBM", "+ACK:GTHBD"), fieldText, (header, fields) =>
        acceptedByIngestion(decodeLike(queclinkFrameLength, queclinkRecords, Buffer.from(`${header},060228,862894020180553,${fields}$`, "latin1"))),
      ),
      options,
    );
    fc.assert(
      fc.property(mutated(QUECLINK_FRAMES), (frame) => acceptedByIngestion(decodeLike(queclinkFrameLength, queclinkRecords, frame))),
      options,
    );
  });
});

describe("Suntech decoder fuzzing", () => {
  const options = { seed: SEED, numRuns: RUNS };

  it("random bytes, random reports of field characters, mutated real text and binary frames decode or raise FrameError, into valid telemetry", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => acceptedByIngestion(decodeLike(suntechFrameLength, suntechRecords, Buffer.from(bytes)))),
      options,
    );
    fc.assert(
      fc.property(fc.constantFrom(...SUNTECH_HEADERS), fieldText, (header, fields) =>
        acceptedByIngestion(decodeLike(suntechFrameLength, suntechRecords, Buffer.from(`${header};${fields.replace(/,/g, ";")}\r`, "latin1"))),
      ),
      options,
    );
    fc.assert(
      fc.property(mutated(SUNTECH_FRAMES), (frame) => acceptedByIngestion(decodeLike(suntechFrameLength, suntechRecords, frame))),
      options,
    );
    fc.assert(
      fc.property(fc.constantFrom(...SUNTECH_BINARY), fc.nat(), fc.nat(255), (frame, at, value) => {
        const changed = Buffer.from(frame);
        changed[3 + (at % (changed.length - 3))] = value;
        return acceptedByIngestion(decodeLike(suntechFrameLength, suntechRecords, changed));
      }),
      options,
    );
  });
});

const meitrackRecords = (frame: Buffer) => decodeMeitrackFrame(frame)?.records ?? [];
/** A Meitrack frame of `command` and `data` from a T366's IMEI, with a right length and checksum, so decoding goes past them. */
const sealedMeitrack = (command: string, data: Uint8Array) => {
  const head = Buffer.from(`,867951078010564,${command},`, "latin1");
  const body = Buffer.concat([head, Buffer.from(data), Buffer.from("*")]);
  const start = Buffer.from(`$$A${body.length + 4}`, "latin1");
  const sum = [...start, ...body].reduce((total, byte) => (total + byte) & 0xff, 0);
  return Buffer.concat([start, body, Buffer.from(`${sum.toString(16).toUpperCase().padStart(2, "0")}\r\n`, "latin1")]);
};
/** The data of real AAA reports (their times made recent) and of a CCE batch (a T366's and an OBD model's packet). */
const MEITRACK_AAA = [
  `1,18.459575,-69.947161,${yy}${mo}${dd}${hh}${mi}${ss},A,5,15,10,300,1.6,115,3989,187884,370|2|5337|2B2C,0100,0000|0000|0000|0964|0B04,,`,
  `35,-1.264865,36.800705,${yy}${mo}${dd}${hh}${mi}${ss},A,9,20,41.0,323,1,1697,1,0,000|00||,0000,4.33|12.96|1.92|2.72|2.69,0.000000|0|0.000000,`,
  `35,-1.287125,36.906061,${yy}${mo}${dd}${hh}${mi}${ss},A,10,13,12,67,0.8,1621,38359791,42330881,639|2|FB2|2F3,0000,3|0|0|A58|432,,,1,0009,`,
];
const MEITRACK_CCE = Buffer.from(
  "010000000100590015000305010609071b0b081c000939010a07000b1700199e011a9505921a0099c4089c5500c93e00405a000602a8b11400" +
    "0343f12e0604d18806270c654a2e000da20537009bb8963904010e0c0d020300aa7a0af69e010000",
  "hex",
);

describe("Meitrack decoder fuzzing", () => {
  const options = { seed: SEED, numRuns: RUNS };

  it("random bytes, sealed frames of random data and mutated real reports decode or raise FrameError, into valid telemetry", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) =>
        acceptedByIngestion(decodeLike(meitrackFrameLength, meitrackRecords, Buffer.from([0x24, 0x24, ...bytes]))),
      ),
      options,
    );
    fc.assert(
      fc.property(fc.constantFrom("AAA", "AFF", "CCC", "CCE", "AAC"), fc.uint8Array({ maxLength: 300 }), (command, data) =>
        acceptedByIngestion(decodeLike(meitrackFrameLength, meitrackRecords, sealedMeitrack(command, data))),
      ),
      options,
    );
    fc.assert(
      fc.property(fc.constantFrom("AAA", "AFF"), fieldText, (command, fields) =>
        acceptedByIngestion(decodeLike(meitrackFrameLength, meitrackRecords, sealedMeitrack(command, Buffer.from(fields, "latin1")))),
      ),
      options,
    );
    fc.assert(
      fc.property(mutated(MEITRACK_AAA), (data) => acceptedByIngestion(decodeLike(meitrackFrameLength, meitrackRecords, sealedMeitrack("AAA", data)))),
      options,
    );
    fc.assert(
      fc.property(fc.nat(), fc.nat(255), (at, value) => {
        const data = Buffer.from(MEITRACK_CCE);
        data[at % data.length] = value;
        return acceptedByIngestion(decodeLike(meitrackFrameLength, meitrackRecords, sealedMeitrack("CCE", data)));
      }),
      options,
    );
  });
});

describe("listener fuzzing", () => {
  const database = useTestDatabase();
  let trackers: Trackers;
  beforeAll(async () => {
    const { db } = database();
    await seedTestCompanies({ db, liveVehicles: 8 }); // the 7th and 8th carry registered trackers, rebound below
    await rebindDevice({ db, from: "demo-live-1", to: "356307042441013" });
    await rebindDevice({ db, from: "demo-live-2", to: "868120301234567" });
    await rebindDevice({ db, from: "demo-live-3", to: "4210051415" });
    await rebindDevice({ db, from: "demo-live-4", to: "359710049092324" });
    await rebindDevice({ db, from: "demo-live-5", to: "862894020180553" });
    await rebindDevice({ db, from: "demo-live-6", to: "13511221122" });
    await rebindDevice({ db, from: "350000000000007", to: "007238270" });
    await rebindDevice({ db, from: "350000000000008", to: RUPTELA_IMEI });
    trackers = await startTrackers({
      db,
      settings: {
        // Port 0: free ports (the suite runs beside other suites and servers).
        teltonikaPort: 0,
        gt06Port: 0,
        h02Port: 0,
        gps103Port: 0,
        queclinkPort: 0,
        jt808Port: 0,
        suntechPort: 0,
        ruptelaPort: 0,
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
    const handshakes = {
      teltonika: encodeTeltonikaImei("356307042441013"),
      gt06: encodeGt06Login("868120301234567", 1),
      h02: Buffer.from("*HQ,4210051415,HTBT#"),
      gps103: Buffer.from("##,imei:359710049092324,A;"),
      queclink: Buffer.from("+ACK:GTHBD,060228,862894020180553,,20260101000000,0001$"),
      jt808: encodeJt808Heartbeat({ identifier: "13511221122", serial: 1 }),
      suntech: Buffer.from("ST300ALV;007238270\r"),
      ruptela: encodeRuptelaHeartbeat(RUPTELA_IMEI),
    };
    const streams = fc.sample(
      fc.tuple(
        fc.constantFrom(
          "teltonika" as const,
          "gt06" as const,
          "h02" as const,
          "gps103" as const,
          "queclink" as const,
          "jt808" as const,
          "suntech" as const,
          "ruptela" as const,
        ),
        fc.boolean(),
        fc.array(fc.uint8Array({ minLength: 1, maxLength: 2_000 }), { minLength: 1, maxLength: 5 }),
      ),
      { seed: SEED, numRuns: 40 },
    );
    await Promise.all(
      streams.map(async ([protocol, handshake, chunks]) => {
        const device = await connectTracker({ port: trackers.ports[protocol]!, timeoutMs: 3_000 });
        if (handshake) device.send(handshakes[protocol]);
        for (const chunk of chunks) device.send(Buffer.from(chunk));
        await device.closed();
        device.end();
      }),
    );
    const h02 = await connectTracker({ port: trackers.ports.h02!, timeoutMs: 3_000 });
    h02.send(handshakes.h02);
    expect((await h02.read(handshakes.h02.length))?.toString()).toBe("*HQ,4210051415,HTBT#");
    h02.end();
    const gps103 = await connectTracker({ port: trackers.ports.gps103!, timeoutMs: 3_000 });
    gps103.send(handshakes.gps103);
    expect((await gps103.read(4))?.toString()).toBe("LOAD");
    gps103.end();
    const queclink = await connectTracker({ port: trackers.ports.queclink!, timeoutMs: 3_000 });
    queclink.send(handshakes.queclink);
    expect((await queclink.read("+SACK:GTHBD,060228,0001$".length))?.toString()).toBe("+SACK:GTHBD,060228,0001$");
    queclink.end();
    const jt808 = await connectTracker({ port: trackers.ports.jt808!, timeoutMs: 3_000 });
    jt808.send(handshakes.jt808);
    expect(decodeJt808Frame((await jt808.read(20))!)).toMatchObject({ header: { id: 0x8001 } });
    jt808.end();
    const ruptela = await connectTracker({ port: trackers.ports.ruptela!, timeoutMs: 3_000 });
    ruptela.send(encodeRuptelaRecords({ imei: RUPTELA_IMEI, records: [{ time: new Date(Date.now() - 1_000), io: { ignition: true } }] }));
    expect((await ruptela.read(6))?.toString("hex")).toBe("0002640113bc");
    ruptela.end();
    const device = await connectTracker({ port: trackers.ports.teltonika!, timeoutMs: 3_000 });
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
