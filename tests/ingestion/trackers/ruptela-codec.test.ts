import { describe, expect, it } from "vitest";
import { FrameError } from "@/lib/ingestion/trackers/frame-reader";
import { decodeRuptelaFrame, ruptelaAnswer, ruptelaFrameLength } from "@/lib/ingestion/trackers/ruptela-codec";
import { encodeRuptelaPacket, encodeRuptelaRecords } from "@/lib/ingestion/trackers/ruptela-encoder";
import * as FRAMES from "./ruptela-frames";

/** The expected values are read off each real frame by hand (times are UTC seconds on the wire). */
const hex = (text: string) => Buffer.from(text, "hex");
const ruptela = (text: string) => decodeRuptelaFrame(hex(text));
/** A published frame whose length field is not its size, with the length its bytes have (the CRC does not cover it). */
const withTrueLength = (text: string) => {
  const frame = hex(text);
  frame.writeUInt16BE(frame.length - 4, 0);
  return frame;
};

describe("Ruptela decoder (real frames)", () => {
  it("frames by the length field: IMEI, command, payload and the CRC after them", () => {
    expect(ruptelaFrameLength(hex("00"))).toBeNull();
    for (const frame of Object.values(FRAMES).filter((text) => !["000b", "0011"].includes(text.slice(0, 4)))) {
      expect(ruptelaFrameLength(hex(frame)), frame.slice(0, 20)).toBe(frame.length / 2);
    }
    expect(() => ruptelaFrameLength(hex("0008"))).toThrow(FrameError);
    expect(() => ruptelaFrameLength(hex("ffff"))).toThrow(FrameError);
  });

  it("decodes records (command 1): UTC time, coordinates ×10⁷, altitude and heading in tenths and hundredths, HDOP, the IO elements", () => {
    expect(ruptela(FRAMES.RECORDS_ACCRA)).toEqual({
      imei: "863071016796572",
      command: 1,
      kind: "records",
      recordsLeft: false,
      records: [
        {
          time: new Date("2015-10-06T14:21:33Z"),
          fix: { latitude: 5.6292216, longitude: -0.067495, altitude: 48.7, heading: 0, satellites: 9, speedKmh: 0, hdop: 1.3 },
          // IO 2, 3 (DIN1, DIN2) off, 5 (DIN4, the ignition wire) off, 29 power supply 13,286 mV, 65 virtual odometer.
          io: { digitalInput1: false, digitalInput2: false, ignition: false, externalVolts: 13.286, gpsOdometerMeters: 30_714 },
        },
      ],
    });
    expect(ruptela(FRAMES.RECORDS_KOBLENZ).records).toEqual([
      {
        time: new Date("2019-11-28T20:10:14Z"),
        fix: { latitude: 50.3547716, longitude: 7.5967416, altitude: 80.8, heading: 126.5, satellites: 9, speedKmh: 0, hdop: 0.9 },
        io: { ignition: true },
      },
    ]);
    // An FM-Pro4 parked on a 24 V supply: the fix its server's log shows decoded; IO 2 to 5 off, 29 at 26,023 mV, 65 at 12 m.
    expect(ruptela(FRAMES.RECORDS_ORADEA_PRO4)).toEqual({
      imei: "865733028586048",
      command: 1,
      kind: "records",
      recordsLeft: false,
      records: [
        {
          time: new Date("2016-04-07T12:01:38Z"),
          fix: { latitude: 47.0829133, longitude: 21.9137833, altitude: 130.6, heading: 207.3, satellites: 15, speedKmh: 0, hdop: 0.6 },
          io: { digitalInput1: false, digitalInput2: false, digitalInput3: false, ignition: false, externalVolts: 26.023, gpsOdometerMeters: 12 },
        },
      ],
    });
  });

  it("decodes multi-record packets in order, an older device's 14-digit IMEI zero-padded to 15", () => {
    const vilnius = ruptela(FRAMES.RECORDS_VILNIUS);
    expect(vilnius.imei).toBe("012207007303107");
    expect(vilnius.records.map((record) => [record.time.toISOString(), record.fix?.speedKmh, record.io.gpsOdometerMeters])).toEqual([
      ["2011-10-17T10:28:57.000Z", 16, 21_741_933],
      ["2011-10-17T10:29:24.000Z", 19, 21_742_058],
    ]);
    expect(vilnius.records[0].fix).toMatchObject({ latitude: 54.6305118, longitude: 25.2712755, heading: 69.99 });
    const noIo = ruptela(FRAMES.RECORDS_NO_IO);
    expect(noIo.records).toHaveLength(5);
    expect(noIo.records[0]).toEqual({
      time: new Date("2014-01-19T05:04:02Z"),
      fix: { latitude: 44.972635, longitude: 41.0749733, altitude: 217.2, heading: 11, satellites: 10, speedKmh: 0, hdop: 0.9 },
      io: {},
    });
    expect(ruptela(FRAMES.RECORDS_DUBAI_2).records.map((record) => record.fix?.speedKmh)).toEqual([0, 5]);
  });

  it("decodes a full packet of 22 records (more left): the ignition wire switching on one second after the first, the supply voltage", () => {
    const delhi = ruptela(FRAMES.RECORDS_DELHI);
    expect(delhi).toMatchObject({ imei: "862462030713019", kind: "records", recordsLeft: true });
    expect(delhi.records).toHaveLength(22);
    expect(delhi.records[0]).toEqual({
      time: new Date("2017-09-05T09:32:49Z"),
      fix: { latitude: 28.5379266, longitude: 77.2775783, altitude: 226.7, heading: 0, satellites: 5, speedKmh: 0, hdop: 1.9 },
      io: { ignition: false, digitalInput1: false, externalVolts: 13.755 },
    });
    expect(delhi.records.slice(1, 3).map((record) => [record.time.toISOString(), record.io.ignition, record.io.externalVolts])).toEqual([
      ["2017-09-05T09:32:50.000Z", true, 13.766],
      ["2017-09-05T09:32:58.000Z", true, 13.751],
    ]);
    expect(delhi.records.every((record, k) => k === 0 || record.io.ignition)).toBe(true);
    expect(delhi.records[11]).toMatchObject({ fix: { latitude: 28.5379, heading: 227, satellites: 6, speedKmh: 2 } });
    expect(delhi.records.at(-1)).toMatchObject({ time: new Date("2017-09-05T09:36:08Z"), fix: { satellites: 8, hdop: 1.1 } });
  });

  it("keeps no fix for records without coordinates (0x80000000) and reads the records-left flag", () => {
    const message = ruptela(FRAMES.RECORDS_NO_FIX);
    expect(message.recordsLeft).toBe(true);
    expect(message.records).toHaveLength(29);
    expect(message.records.every((record) => record.fix === undefined)).toBe(true);
    expect(message.records[0]).toEqual({ time: new Date("2000-01-01T00:00:11Z"), io: { externalVolts: 12.485 } });
  });

  it("reads CAN values over OBD ones and in J1939 resolutions; a value of 'not available' is left to the ingestion's ranges", () => {
    const dubai = ruptela(FRAMES.RECORDS_DUBAI_1).records[0];
    expect(dubai).toMatchObject({ time: new Date("2015-05-27T13:50:49Z"), fix: { latitude: 25.278855, speedKmh: 9, heading: 243.2 } });
    expect(dubai.io).toEqual({
      ignition: true,
      digitalInput1: false,
      digitalInput2: false,
      externalVolts: 12.765,
      gpsOdometerMeters: 92_714,
      fuelPercent: 0,
      engineRpm: 0,
      fuelUsedLiters: 0,
    });
    // IO 207 (CAN fuel level) of 0xFF, J1939's "not available": 102 %, which the ingestion refuses.
    expect(ruptela(FRAMES.RECORDS_PORTUGAL).records[0].io).toMatchObject({ ignition: false, fuelPercent: 102, externalVolts: 0 });
  });

  it("decodes extended records (command 68): 2-byte ids and event, the parts of a split record joined into one", () => {
    const three = ruptela(FRAMES.EXTENDED_SPLIT_3);
    expect(three.kind).toBe("extended records");
    expect(three.records).toEqual([
      {
        time: new Date("2024-12-03T17:46:07Z"),
        fix: { latitude: 33.53196, longitude: -7.637765, altitude: 103.8, heading: 163.9, satellites: 24, speedKmh: 61, hdop: 0.5 },
        io: {
          ignition: true,
          digitalInput1: true,
          digitalInput2: false,
          digitalInput3: false,
          externalVolts: 13.27,
          gpsOdometerMeters: 682_815,
          ecuSpeedKmh: 60, // IO 165, CAN wheel-based speed in 1/256 km/h
          fuelPercent: 12.549019607843137, // IO 98, OBD fuel level in 1/255
          engineRpm: 1_734, // IO 197, CAN, 0.125 rpm
          odometerMeters: 23_143_000, // IO 645, OBD odometer in km
        },
      },
    ]);
    const four = ruptela(FRAMES.EXTENDED_SPLIT_4);
    expect(four.records).toHaveLength(1);
    expect(four.records[0].io).toEqual({
      ignition: true,
      fuelPercent: 70.8, // IO 207, CAN, 0.4 %
      externalVolts: 13.94,
      engineRpm: 1_520,
      gpsOdometerMeters: 7_816_907,
      fuelUsedLiters: 504.5, // IO 208, CAN, 0.5 l
    });
    // The same log's packet two minutes later, moving: position, speed and the CAN values of the four parts.
    expect(ruptela(FRAMES.EXTENDED_ORADEA).records).toEqual([
      {
        time: new Date("2016-10-18T21:10:23Z"),
        fix: { latitude: 47.05532, longitude: 21.924055, altitude: 140.9, heading: 184.8, satellites: 12, speedKmh: 17, hdop: 0.9 },
        io: { ignition: true, fuelPercent: 67.2, externalVolts: 14.175, engineRpm: 1_128, gpsOdometerMeters: 7_817_001, fuelUsedLiters: 504.5 },
      },
    ]);
    const twoOfOneSecond = ruptela(FRAMES.EXTENDED_TWO_SPLIT);
    expect(twoOfOneSecond.records.map((record) => [record.time.toISOString(), record.fix?.satellites])).toEqual([
      ["2016-10-18T21:08:11.000Z", 12],
      ["2016-10-18T21:08:11.000Z", 13],
    ]);
  });

  it("names the other commands a device sends: identification, heartbeat, command answers, trouble codes, file parts", () => {
    expect(ruptela(FRAMES.IDENTIFICATION_OBD)).toEqual({ imei: "868324021101311", command: 15, kind: "identification", records: [] });
    expect(ruptela(FRAMES.IDENTIFICATION_ECO)).toMatchObject({ imei: "869530043209218", kind: "identification" });
    expect(ruptela(FRAMES.SMS_ANSWER_STATUS)).toMatchObject({
      kind: "command answer",
      text: "DIN1=1,DIN2=0,DIN3=0,DIN4=0,DOUT1=1,DOUT2=1,AIN1=17,AIN2=26",
    });
    expect(ruptela(FRAMES.FILE_PART)).toMatchObject({ imei: "866600048995021", command: 37, kind: "file", records: [] });
    expect(decodeRuptelaFrame(encodeRuptelaPacket("866600048995021", 16, Buffer.alloc(0)))).toMatchObject({ kind: "heartbeat" });
    expect(decodeRuptelaFrame(encodeRuptelaPacket("866600048995021", 99, Buffer.alloc(0)))).toMatchObject({ kind: "other" });
  });

  it("refuses published frames whose length field is not their size, and decodes them with the right one", () => {
    for (const frame of [FRAMES.DTCS, FRAMES.SMS_ANSWER_SETIO]) {
      expect(ruptelaFrameLength(hex(frame))).not.toBe(frame.length / 2);
    }
    expect(decodeRuptelaFrame(withTrueLength(FRAMES.DTCS))).toMatchObject({
      imei: "012207001062170",
      kind: "diagnostic trouble codes",
      dtcs: ["P0010", "P0011"],
      records: [],
    });
    expect(decodeRuptelaFrame(withTrueLength(FRAMES.SMS_ANSWER_SETIO))).toMatchObject({ kind: "command answer", text: "SETIO configuration data ok" });
  });

  it("refuses a bad CRC, an IMEI of 0, truncated records and bytes after them", () => {
    const bad = hex(FRAMES.RECORDS_KOBLENZ);
    bad[20] ^= 0x01;
    expect(() => decodeRuptelaFrame(bad)).toThrow(/CRC/);
    expect(() => decodeRuptelaFrame(encodeRuptelaPacket("0", 16, Buffer.alloc(0)))).toThrow(FrameError);
    // A published library test's packet claiming one record and carrying none.
    expect(() => decodeRuptelaFrame(hex("000b000070473afaedd9010001dc5d"))).toThrow(FrameError);
    const record = { time: new Date("2025-01-01T00:00:00Z"), io: { ignition: true } };
    const packet = encodeRuptelaRecords({ imei: "863071016796572", records: [record] });
    const longer = encodeRuptelaPacket("863071016796572", 1, Buffer.concat([packet.subarray(11, packet.length - 2), Buffer.from([0])]));
    expect(() => decodeRuptelaFrame(longer)).toThrow(/after the Ruptela records/);
  });

  it("answers records 0x64 0x01, the identification 115, heartbeats 116 and trouble codes 109, as published; command answers get none", () => {
    expect(ruptelaAnswer(ruptela(FRAMES.RECORDS_KOBLENZ))?.toString("hex")).toBe("0002640113bc");
    // The answer the FM-Pro4's server logged after its packet.
    expect(ruptelaAnswer(ruptela(FRAMES.RECORDS_ORADEA_PRO4))?.toString("hex")).toBe("0002640113bc");
    expect(ruptelaAnswer(ruptela(FRAMES.EXTENDED_SPLIT_4))?.toString("hex")).toBe("0002640113bc");
    expect(ruptelaAnswer(decodeRuptelaFrame(withTrueLength(FRAMES.DTCS)))?.toString("hex")).toBe("00026d01c4a4");
    const identification = ruptelaAnswer(ruptela(FRAMES.IDENTIFICATION_ECO))!;
    expect(identification.subarray(0, 4).toString("hex")).toBe("00027301");
    expect(
      ruptelaAnswer(decodeRuptelaFrame(encodeRuptelaPacket("869530043209218", 16, Buffer.alloc(0))))!
        .subarray(0, 4)
        .toString("hex"),
    ).toBe("00027401");
    expect(ruptelaAnswer(ruptela(FRAMES.SMS_ANSWER_STATUS))).toBeNull();
    expect(ruptelaAnswer(ruptela(FRAMES.FILE_PART))).toBeNull();
  });

  it("reads harsh braking (IO 134), harsh acceleration (IO 136) and an accident (IO 411) as the record's events", () => {
    const record = { time: new Date("2026-01-01T12:00:00Z"), fix: { latitude: 54.6872, longitude: 25.2797, speedKmh: 48, heading: 90, satellites: 9 }, io: {} };
    const packet = encodeRuptelaRecords({ imei: "863071016796572", records: [record], extended: true });
    const payload = packet.subarray(11, packet.length - 2);
    const withEvents = (elements: string) =>
      decodeRuptelaFrame(encodeRuptelaPacket("863071016796572", 68, Buffer.concat([payload.subarray(0, payload.length - 4), hex(`${elements}000000`)])))
        .records[0].events;
    expect(withEvents("03008601008801019b01")).toEqual([{ kind: "harshBraking" }, { kind: "harshAcceleration" }, { kind: "crash" }]);
    expect(withEvents("02008600008800")).toBeUndefined();
  });

  it("decodes what its own encoder writes, in both record forms", () => {
    const record = {
      time: new Date("2026-01-01T12:00:00Z"),
      fix: { latitude: 54.6872, longitude: 25.2797, altitude: 112.3, heading: 271.5, satellites: 11, speedKmh: 48, hdop: 0.8 },
      io: { ignition: true, externalVolts: 13.8, gpsOdometerMeters: 1_234_567 },
    };
    for (const extended of [false, true]) {
      expect(decodeRuptelaFrame(encodeRuptelaRecords({ imei: "863071016796572", records: [record], extended })).records).toEqual([record]);
    }
  });
});
