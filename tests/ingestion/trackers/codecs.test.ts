import { describe, expect, it } from "vitest";
import { crc16Ibm, crc16X25 } from "@/lib/ingestion/trackers/crc";
import { FrameError } from "@/lib/ingestion/trackers/frame-reader";
import { decodeGt06Frame, encodeGt06Response, gt06FrameLength } from "@/lib/ingestion/trackers/gt06-codec";
import { encodeGt06Location, encodeGt06Login } from "@/lib/ingestion/trackers/gt06-encoder";
import { CODEC_8_EXTENDED, decodeTeltonikaPacket, readTeltonikaImei, teltonikaPacketLength } from "@/lib/ingestion/trackers/teltonika-codec";
import { encodeTeltonikaImei, encodeTeltonikaPacket } from "@/lib/ingestion/trackers/teltonika-encoder";

const hex = (text: string) => Buffer.from(text, "hex");

describe("CRCs", () => {
  it("match the catalogued check values of CRC-16/ARC (IBM) and CRC-16/X-25", () => {
    expect(crc16Ibm(Buffer.from("123456789"))).toBe(0xbb3d);
    expect(crc16X25(Buffer.from("123456789"))).toBe(0x906e);
  });
});

// The examples of wiki.teltonika-gps.com/view/Codec ("Codec 8" examples 1 and 3, "Codec 8 Extended" example).
describe("Teltonika Codec 8 and 8 Extended", () => {
  it("reads the IMEI handshake of the wiki (000F + 15 ASCII digits), waiting for all of its bytes", () => {
    const handshake = hex("000F333536333037303432343431303133");
    expect(readTeltonikaImei(handshake)).toEqual({ imei: "356307042441013", length: 17, messageKind: "IMEI login" });
    expect(readTeltonikaImei(handshake.subarray(0, 10))).toBeNull();
    expect(() => readTeltonikaImei(hex("0003414243"))).toThrow(FrameError);
  });

  it("decodes Codec 8 example 1: one record, DIN1 on, external voltage 24.079 V, no satellites so no position", () => {
    const packet = hex("000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF");
    expect(teltonikaPacketLength(packet)).toBe(packet.length);
    const { codec, records } = decodeTeltonikaPacket(packet);
    expect(codec).toBe(8);
    expect(records).toEqual([{ time: new Date("2019-06-10T10:04:46.000Z"), fix: undefined, io: { digitalInput1: true, externalVolts: 24.079 } }]);
  });

  it("decodes Codec 8 example 3: two records in one packet", () => {
    const { records } = decodeTeltonikaPacket(
      hex(
        "000000000000004308020000016B40D57B4801000000000000000000000000000000010101010000" +
          "00000000016B40D5C198010000000000000000000000000000000101010101000000020000252C",
      ),
    );
    expect(records.map((record) => record.time.toISOString())).toEqual(["2019-06-10T10:01:01.000Z", "2019-06-10T10:01:19.000Z"]);
  });

  it("decodes the Codec 8 Extended example: 2-byte IO ids, the device's total odometer (IO 16) 22,949,000 m", () => {
    const { codec, records } = decodeTeltonikaPacket(
      hex(
        "000000000000004A8E010000016B412CEE0001000000000000000000000000000000000100050001" +
          "00010100010011001D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A00000100002994",
      ),
    );
    expect(codec).toBe(CODEC_8_EXTENDED);
    expect(records).toEqual([{ time: new Date("2019-06-10T11:36:32.000Z"), fix: undefined, io: { digitalInput1: true, gpsOdometerMeters: 22_949_000 } }]);
  });

  it("decodes the vehicle speed of the ECU: IO 37 (OBD, km/h) alone, IO 81 (CAN) over it", () => {
    // Two Codec 8 records without a fix: IO 37 = 60; then IO 37 = 60 and IO 81 = 50.
    const { records } = decodeTeltonikaPacket(
      hex(
        "000000000000004508020000016B40D8EA3000000000000000000000000000000000000101253C000000" +
          "0000016B40D8EE1800000000000000000000000000000000000202253C51320000000200005635",
      ),
    );
    expect(records.map((record) => record.io)).toEqual([{ ecuSpeedKmh: 60 }, { ecuSpeedKmh: 50 }]);
  });

  it("refuses a packet whose CRC, preamble or length is wrong", () => {
    const packet = hex("000000000000002808010000016B40D9AD80010000000000000000000000000000000103021503010101425E100000010000F22A");
    const corrupted = Buffer.from(packet);
    corrupted[20] ^= 0x01;
    expect(() => decodeTeltonikaPacket(corrupted)).toThrow(/CRC/);
    expect(() => teltonikaPacketLength(hex("0000000100000028"))).toThrow(/preamble/);
    expect(() => teltonikaPacketLength(hex("0000000000100000"))).toThrow(/length/);
  });

  it("round-trips what the demo's trackers send: position, km/h, ignition, odometer, fuel, RPM, HDOP, ECU speed", () => {
    const record = {
      time: new Date("2026-11-20T08:00:00Z"),
      fix: { latitude: 41.8781, longitude: -87.6298, altitude: 181, heading: 270, satellites: 11, speedKmh: 54, hdop: 0.9 },
      io: {
        ...{ ignition: true, odometerMeters: 123_456_789, gpsOdometerMeters: 123_400_000 },
        ...{ fuelPercent: 63, engineRpm: 1450, externalVolts: 13.8, ecuSpeedKmh: 53 },
      },
    };
    for (const codec of [0x08, 0x8e] as const) {
      expect(decodeTeltonikaPacket(encodeTeltonikaPacket({ records: [record], codec })).records).toEqual([record]);
    }
    expect(readTeltonikaImei(encodeTeltonikaImei("356307042441013"))?.imei).toBe("356307042441013");
  });
});

// The examples of Concox's "GT06 protocol" document (login 5.1, alarm 5.5, location 5.2).
describe("GT06 / Concox", () => {
  it("decodes the documented login packet and produces the documented answer 787805010001D9DC0D0A", () => {
    const login = hex("78780D01012345678901234500018CDD0D0A");
    expect(gt06FrameLength(login)).toBe(login.length);
    expect(decodeGt06Frame(login)).toEqual({ type: "login", protocol: 1, serial: 1, messageKind: "login", imei: "123456789012345" });
    expect(encodeGt06Response(1, 1).toString("hex").toUpperCase()).toBe("787805010001D9DC0D0A");
  });

  it("decodes the documented alarm packet: time, position in the northern and eastern hemispheres, satellites, ACC off", () => {
    const message = decodeGt06Frame(hex("787825160B0B0F0E241DCF027AC8870C4657E60014020901CC00287D001F726506040101003656A40D0A"));
    expect(message).toMatchObject({ type: "record", protocol: 0x16, serial: 0x36 });
    if (message.type !== "record") throw new Error("not a record");
    expect(message.record.time.toISOString()).toBe("2011-11-15T14:36:29.000Z");
    expect(message.record.fix).toMatchObject({ speedKmh: 0, heading: 2, satellites: 15 });
    expect(message.record.fix?.latitude).toBeCloseTo(23.111755, 5);
    expect(message.record.fix?.longitude).toBeCloseTo(114.40923, 5);
    expect(message.record.io).toEqual({ ignition: false });
  });

  it("refuses the documented location packet as printed (its CRC 0x8081 is not the frame's CRC-ITU, 0x7377) and decodes it with the right CRC", () => {
    const printed = hex("78781F120B081D112E10CC027AC7EB0C46584900148F01CC00287D001FB8000380810D0A");
    expect(() => decodeGt06Frame(printed)).toThrow(/CRC/);
    const corrected = Buffer.from(printed);
    corrected.writeUInt16BE(0x7377, corrected.length - 4);
    const message = decodeGt06Frame(corrected);
    if (message.type !== "record") throw new Error("not a record");
    expect(message.record.time.toISOString()).toBe("2011-08-29T17:46:16.000Z");
    expect(message.record.fix).toMatchObject({ heading: 143, satellites: 12, speedKmh: 0 });
    expect(message.record.fix?.latitude).toBeCloseTo(23.11167, 4);
  });

  it("refuses bad start bits, stop bits and lengths", () => {
    expect(() => gt06FrameLength(hex("7777"))).toThrow(FrameError);
    expect(() => gt06FrameLength(hex("787801"))).toThrow(/length/);
    expect(() => gt06FrameLength(hex("79790FFF"))).toThrow(/length/);
    const login = hex("78780D01012345678901234500018CDD0D0B");
    expect(() => decodeGt06Frame(login)).toThrow(/0x0D0A/);
  });

  it("round-trips the GPS+ACC packet the demo's trackers send, southern and western hemispheres included", () => {
    const record = {
      time: new Date("2026-11-20T08:00:05Z"),
      fix: { latitude: -33.8688, longitude: -70.65, speedKmh: 42, heading: 181, satellites: 9 },
      io: { ignition: true },
    };
    const message = decodeGt06Frame(encodeGt06Location(record, 7));
    expect(message).toMatchObject({ type: "record", protocol: 0x22, serial: 7 });
    if (message.type !== "record") throw new Error("not a record");
    expect(message.record.fix?.latitude).toBeCloseTo(-33.8688, 5);
    expect(message.record.fix?.longitude).toBeCloseTo(-70.65, 5);
    expect(message.record).toMatchObject({ time: record.time, io: { ignition: true }, fix: { speedKmh: 42, heading: 181, satellites: 9 } });
    expect(decodeGt06Frame(encodeGt06Login("356307042441013", 1))).toMatchObject({ type: "login", imei: "356307042441013" });
  });
});
