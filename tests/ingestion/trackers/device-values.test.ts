import { describe, expect, it } from "vitest";
import { crc16Ibm } from "@/lib/ingestion/trackers/crc";
import { decodeGt06Frame, encodeGt06Response, GT06, gt06Answers, gt06FrameLength } from "@/lib/ingestion/trackers/gt06-codec";
import { decodeTeltonikaPacket } from "@/lib/ingestion/trackers/teltonika-codec";
import { trackerTelemetry } from "@/lib/ingestion/trackers/tracker-telemetry";

// Issue 37, item 2: the values fleets read from the three first protocols. Frames are captures from
// Traccar's decoder tests (github.com/traccar/traccar, src/test/java/org/traccar/protocol) unless a test says otherwise.
const hex = (text: string) => Buffer.from(text, "hex");

/** An AVL packet (Codec 8) around hand-written records: the preamble, the data length and the CRC-16/IBM. */
const avlPacket = (records: string[]) => {
  const data = Buffer.concat([Buffer.from([0x08, records.length]), ...records.map(hex), Buffer.from([records.length])]);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(data.length, 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc16Ibm(data), 0);
  return Buffer.concat([header, data, crc]);
};
/** A Codec 8 record of 2019-06-10T10:04:46Z without a fix, carrying the given IO groups (already counted). */
const avlRecord = (eventId: string, total: string, groups: string) => `0000016B40D8EA3001${"00".repeat(15)}${eventId}${total}${groups}`;

describe("Teltonika IO elements (issue 37, item 2)", () => {
  it("reads a captured FMB crash (IO 247) with ignition, external voltage and the device's GPS odometer (IO 16)", () => {
    const { records } = decodeTeltonikaPacket(hex(CRASH_CAPTURE));
    expect(records).toHaveLength(4);
    expect(records[0]).toMatchObject({ io: { ignition: false, externalVolts: 12.352, gpsOdometerMeters: 12_168_668 }, events: [{ kind: "crash" }] });
    expect(records[1].events).toBeUndefined();
    expect(records[3]).toMatchObject({ io: {}, events: [{ kind: "crash" }] });
  });

  it("reads a captured CAN record: total mileage IO 87 as the ECU's odometer, engine temperature IO 115, RPM, speed, fuel, voltage", () => {
    const [record] = decodeTeltonikaPacket(hex(CAN_CAPTURE)).records;
    const values = { ecuSpeedKmh: 0, engineRpm: 15, coolantCelsius: 0, externalVolts: 28.568, odometerMeters: 71, fuelPercent: 0 };
    expect(record.io).toEqual({ digitalInput1: true, ...values });
  });

  it("reads green driving (IO 253 with its peak in g × 100, IO 254) and the OBD and CAN engine values (hand-written records)", () => {
    const packet = avlPacket([
      // Harsh braking at 0.85 g: IO 253 = 2, IO 254 = 0x55.
      avlRecord("FD", "03", "03EF01FD02FE55000000"),
      // Cornering at 1.2 g with IO 254 in two bytes; coolant −7 °C (IO 32, signed), load 35 % (IO 31),
      // fuel used 1234.5 l (IO 83), engine worktime 600 min (IO 102).
      avlRecord("FD", "06", "03FD0320F91F2301FE0078025300003039660000025800"),
    ]);
    const [braking, cornering] = decodeTeltonikaPacket(packet).records;
    expect(braking).toMatchObject({ io: { ignition: true }, events: [{ kind: "harshBraking", g: 0.85 }] });
    expect(cornering.events).toEqual([{ kind: "harshCornering", g: 1.2 }]);
    expect(cornering.io).toEqual({ coolantCelsius: -7, engineLoadPercent: 35, fuelUsedLiters: 1234.5, engineSeconds: 36_000 });
  });

  it("reads the digital inputs DIN1..DIN3 (IO 1, 2, 3) and stores them as auxInput1..3; a record without them reports none", () => {
    // DIN1 on, DIN2 off, DIN3 on, with ignition (IO 239) on: four 1-byte IO values.
    const [record, bare] = decodeTeltonikaPacket(avlPacket([avlRecord("00", "04", "04EF01010102000301000000"), avlRecord("00", "01", "01EF01000000")])).records;
    expect(record.io).toEqual({ ignition: true, digitalInput1: true, digitalInput2: false, digitalInput3: true });
    const vehicle = { companyId: 1, dataset: "live" as const, vehicleId: 7 };
    const now = new Date("2019-06-10T10:05:00Z");
    const { stats } = trackerTelemetry({ vehicle, now, records: [record, bare] });
    expect(stats!.map(({ auxInput1, auxInput2, auxInput3 }) => [auxInput1, auxInput2, auxInput3])).toEqual([
      [true, false, true],
      [null, null, null],
    ]);
  });

  it("stores them as Samsara's stat types: millidegrees, milliliters, seconds, the ECU's and the device's odometers apart", () => {
    const vehicle = { companyId: 1, dataset: "live" as const, vehicleId: 7 };
    const time = new Date(Date.now() - 60_000);
    const { stats } = trackerTelemetry({
      vehicle,
      now: new Date(),
      records: [
        {
          time,
          io: { coolantCelsius: -7, engineLoadPercent: 35, fuelUsedLiters: 1234.5, engineSeconds: 36_000, odometerMeters: 1000, gpsOdometerMeters: 990 },
        },
      ],
    });
    expect(stats).toEqual([
      expect.objectContaining({
        engineCoolantTemperatureMilliC: -7000,
        engineLoadPercent: 35,
        fuelConsumedMilliliters: 1_234_500,
        engineSeconds: 36_000,
        odometerMeters: 1000,
        gpsOdometerMeters: 990,
        engineState: null,
      }),
    ]);
  });
});

describe("A tracker record's telemetry", () => {
  it("is a position, a stat sample and a safety event of the record's vehicle, tenant and time", () => {
    const vehicle = { companyId: 3, dataset: "test" as const, vehicleId: 11 };
    const time = new Date(Date.now() - 5_000);
    const { positions, stats, events } = trackerTelemetry({
      vehicle,
      now: new Date(),
      records: [
        {
          time,
          fix: { latitude: 41.8, longitude: -87.7, speedKmh: 36, heading: 450, satellites: 9 },
          io: { ignition: true, externalVolts: 12.6 },
          events: [{ kind: "harshBraking", g: 0.5 }],
        },
      ],
    });
    const tenantAndTime = { companyId: 3, dataset: "test", vehicleId: 11, time };
    expect(positions).toEqual([{ ...tenantAndTime, latitude: 41.8, longitude: -87.7, speed: 10, heading: 90, altitude: null, satellites: 9, hdop: null }]);
    expect(stats).toEqual([expect.objectContaining({ ...tenantAndTime, engineState: "On", batteryMilliVolts: 12_600, odometerMeters: null })]);
    expect(events).toEqual([expect.objectContaining({ ...tenantAndTime, kind: "harshBraking", peakG: 0.5, latitude: 41.8, longitude: -87.7, speed: 10 })]);
  });
});

describe("GT06 heartbeat and status variants (issue 37, item 2)", () => {
  const decode = (frame: string) => {
    const bytes = hex(frame);
    expect(gt06FrameLength(bytes)).toBe(bytes.length);
    return decodeGt06Frame(bytes, new Date("2026-11-28T03:00:00Z"));
  };

  it("reads ACC from the status packet 0x13, the GK310 heartbeat 0x23, the 4G status 0x36 and the cell + status packet 0x19, and answers each", () => {
    const cases: [string, number, number, boolean][] = [
      ["78780a13460b120400160642c20d0a", GT06.status, 0x1606, true],
      ["78780a13c40604000201298f5b0d0a", GT06.status, 0x0129, false],
      ["78780B23C00122040001000818720D0A", GT06.heartbeat, 0x08, false],
      ["787817360005040002003201010018020192006a015f0324aeaf0d0a", GT06.status4g, 0x0324, false],
      ["78781219028f0a29e10036f12003040102000875dc0d0a", GT06.lbsStatus, 0x08, false],
    ];
    for (const [frame, protocol, serial, ignition] of cases) {
      const message = decode(frame);
      expect(message).toMatchObject({ type: "record", protocol, serial, record: { time: new Date("2026-11-28T03:00:00Z"), io: { ignition } } });
      expect(gt06Answers(protocol)).toBe(true);
    }
  });

  it("reads the external voltage of the information packet 0x94 (short and long frames), which has no answer", () => {
    expect(decode("7878079404eb001c705d0d0a")).toMatchObject({ type: "record", protocol: GT06.info, record: { io: { externalVolts: 12.59 } } });
    expect(decode("79790008940000ed0289d6860d0a")).toMatchObject({ type: "record", record: { io: { externalVolts: 2.37 } } });
    // Type 0x05 (door status), not a voltage.
    expect(decode("7979000794050000c9b63e0d0a")).toMatchObject({ type: "other", protocol: GT06.info });
    expect(gt06Answers(GT06.info)).toBe(false);
  });

  it("answers a time request (0x8A) with the UTC date and time", () => {
    expect(decode("7878058A000688290D0A")).toMatchObject({ type: "other", protocol: GT06.timeRequest, serial: 6 });
    const answer = encodeGt06Response(GT06.timeRequest, 6, new Date("2026-11-28T03:04:05Z"));
    expect(decodeGt06Frame(answer)).toMatchObject({ type: "other", protocol: GT06.timeRequest, serial: 6 });
    expect(answer.subarray(4, 10)).toEqual(Buffer.from([26, 11, 28, 3, 4, 5]));
  });
});

const CRASH_CAPTURE =
  "00000000000004258e0400000182a701b49301d5d90ab7ebe4aae101be003d12000000f7003d000e00f70100ef0000f00000500500150200c800004501000100001d00001400" +
  "001600001700007157010701001d00b5000b00b60006004230400018000000cd223f00ce741700430f8900440000000d00010011ffe50012001f0013ffce000f03e800190bb8" +
  "001a0bb8001b0bb8001c0bb800560bb800680bb8006a0bb8006c0bb8010e0000011100000114000001170000014f0000015000000151000001520000000a00f100011d2a00c7" +
  "00000000001000b9addc000c0000acb600040000000001320000000001330000000001340000000001350000000001c1000000000003000b000000d14675f36000ee00000000" +
  "00000000000e0000000003fd509f0005014b0000014c0000014d0000014e0000018300222d3333373333382e0100000053a6fb624588040001ba86064f0eae51c0fdaf4d3de5" +
  "00000182a701b82001d5d90ab7ebe4aae101be003d12000000f0003c000d00ef0000f00100500500150200c800004501000100001d0000140000160000170000715201070100" +
  "1d00b5000900b60006004217e50018000000cd223f00ce741700430f5c00440000000d00010011fed60012fd1d0013f1f2000f03e800190bb8001a0bb8001b0bb8001c0bb800" +
  "560bb800680bb8006a0bb8006c0bb8010e0000011100000114000001170000014f0000015000000151000001520000000a00f100011d2a00c700000000001000b9addc000c00" +
  "00acb600040000000001320000000001330000000001340000000001350000000001c1000000000003000b000000d14675f36000ee0000000000000000000e0000000003fd50" +
  "9f0005014b0000014c0000014d0000014e0000018300222d3333373333352e353833332d303730373139362e323333332b3030302e3434362f00000182a701bc0801d5d90ab7" +
  "ebe4aae101be003d12000000fc003d000e00ef0000f00100500500150200c800004501000100001d0000140000160000170000714d01070100fc01001d00b5000900b6000600" +
  "4217e50018000000cd223f00ce741700430f5c00440000000d00010011fed60012fd1d0013f1f2000f03e800190bb8001a0bb8001b0bb8001c0bb800560bb800680bb8006a0b" +
  "b8006c0bb8010e0000011100000114000001170000014f0000015000000151000001520000000a00f100011d2a00c700000000001000b9addc000c0000acb600040000000001" +
  "320000000001330000000001340000000001350000000001c1000000000003000b000000d14675f36000ee0000000000000000000e0000000003fd509f0005014b0000014c00" +
  "00014d0000014e0000018300222d3333373333352e353833332d303730373139362e323333332b3030302e3434362f00000182a7018d8d01d5d8ffa6ebe4a0ca01be00611100" +
  "0000f70001000100f70500000000000000000400003a10";
const CAN_CAPTURE =
  "00000000000000A708010000016269E7D9A8000A5A0F0A1CBF8F3300880046120000001C0801014F005100550F740073007801790103430000440000426F980B540000000056" +
  "000045275700000047580000022659000000005D0000000068000003D07100007355870000000288000000008A000045270669584C5241534834336A30304731363538326B36" +
  "00FFFFFF0000008155412055414430308230303039383236368330303000000000000100008396";
