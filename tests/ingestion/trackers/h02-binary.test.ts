import { describe, expect, it } from "vitest";
import { FrameError } from "@/lib/ingestion/trackers/frame-reader";
import { decodeH02Frame, h02Answer, h02FrameLength } from "@/lib/ingestion/trackers/h02-codec";

/**
 * H02's binary `$` records: real devices' frames as published with Traccar's decoder and frame decoder tests
 * (H02ProtocolDecoderTest, H02FrameDecoderTest in traccar/traccar); the expected values are read off each frame's
 * BCD digits by hand (and, where the same device sent the text form at the same time, checked against it).
 */
const NOW = new Date("2026-01-01T00:00:00Z");
const bytes = (hex: string) => Buffer.from(hex, "hex");
const decode = (hex: string) => decodeH02Frame(bytes(hex), NOW);
const recordOf = (hex: string) => {
  const message = decode(hex);
  if (message.type !== "position") throw new Error(`not a position: ${message.type}`);
  return message.record;
};

const SHORT = "2441060116601245431311165035313006004318210e000000fffffbffff0024";
const LONG = "24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f";
const IMEI = "2435248308419329301047591808172627335900074412294E024138FEFFFFFFFF01120064BA73005ECC";
const SHORT_TEXT = "*HQ,4106011660,V1,124552,A,5035.3129,N,00431.8211,E,000.20,000,131116,FFFFFBFF#";

describe("H02 binary records (real frames)", () => {
  it("decodes a 32-byte record: BCD id, UTC time and date, ddmm.mmmm coordinates, knots, course, status bits", () => {
    // The same device sent the text form 9 s later (SHORT_TEXT): 50°35.3129'N 4°31.8211'E.
    expect(decode(SHORT)).toEqual({
      type: "position",
      imei: "4106011660",
      kind: "binary position",
      record: {
        time: new Date("2016-11-13T12:45:43Z"),
        fix: { latitude: 50 + 35.313 / 60, longitude: 4 + 31.821 / 60, speedKmh: 0, heading: 0 },
        io: { ignition: false },
      },
      alarms: [],
    });
    const moving = recordOf("2427051711092133391406135002584900014337822e000000ffffffffff0000");
    expect(moving).toMatchObject({ time: new Date("2013-06-14T21:33:39Z"), io: { ignition: true } });
    expect(moving.fix!.latitude).toBeCloseTo(50.04308, 5);
    expect(moving.fix!.longitude).toBeCloseTo(14.56304, 5);
    expect(recordOf("2427051711092134091406135002584900014337822e000000ffffffffff0000").time).toEqual(new Date("2013-06-14T21:34:09Z"));
  });

  it("reads the hemispheres from the flags digit (bit 2 north, bit 3 east), speed in knots and the course", () => {
    // 45 bytes (cells after the status): 4°41.9390'N 74°04.1830'W, Bogotá.
    const west = recordOf(LONG);
    expect(west.fix!.latitude).toBeCloseTo(4.69898, 5);
    expect(west.fix!.longitude).toBeCloseTo(-74.069717, 5);
    expect(west.time).toEqual(new Date("2015-08-31T21:53:21Z"));
    const south = recordOf("24270517030820321418041423307879000463213792000056fffff9ffff0000");
    expect(south.fix).toMatchObject({ heading: 56 });
    expect(south.fix!.latitude).toBeCloseTo(-23.51313, 5);
    expect(south.fix!.longitude).toBeCloseTo(-46.53563, 5);
    // 46 bytes; the same device's text frame (in the text tests) puts it at 5°20.0663'N 100°28.6324'E.
    const penang = recordOf("2421305109380127171003170520046500100286297e003085ffffdfffff03440069129344006400001151415a20");
    expect(penang.fix).toMatchObject({ speedKmh: 3 * 1.852, heading: 85 });
    expect(penang.fix!.latitude).toBeCloseTo(5.33411, 5);
    expect(penang.fix!.longitude).toBeCloseTo(100.47716, 5);
    // 48 bytes: Casablanca.
    const casablanca = recordOf("24971305007205201916101533335008000073206976000000effffbffff000252776566060000000000000000000049");
    expect(casablanca.fix!.latitude).toBeCloseTo(33.55835, 5);
    expect(casablanca.fix!.longitude).toBeCloseTo(-7.5345, 4);
    expect(recordOf("2441091144271222470112142233983006114026520E000000FFFFFBFFFF0014060000000001CC00262B0F170A").fix!.longitude).toBeCloseTo(114.0442, 4);
  });

  it("takes a 15-digit IMEI in an 8-byte id (42-byte records)", () => {
    const message = decode(IMEI);
    expect(message).toMatchObject({ type: "position", imei: "352483084193293", kind: "binary position" });
    const record = recordOf(IMEI);
    expect(record).toMatchObject({ time: new Date("2017-08-18T10:47:59Z"), io: { ignition: true } });
    expect(record.fix).toMatchObject({ speedKmh: 24 * 1.852, heading: 138 });
    expect(record.fix!.latitude).toBeCloseTo(26.4556, 4);
  });

  it("stores no fix when the flags say invalid, and reads alarms and ignition from the status bits as the text form does", () => {
    expect(recordOf("24702802061601234020031910125482600612695044000000ffffbbff000000000000000001760d04e2c9934d").fix).toBeUndefined();
    expect(recordOf("2410307310010503162209022212874500113466574C014028fffffbffff0000")).toEqual({
      time: new Date("2002-09-22T05:03:16Z"),
      fix: undefined,
      io: { ignition: false },
    });
    expect(recordOf("2442061191301024031101175540227006012321670c000095fffffbffff001f00000001f800ee010000000032").fix).toBeUndefined();
    // Bit 18 clear: SOS; bit 19 clear: power cut.
    expect(decode("2442091341332059572807175137358006000183640e000000fffffbfdff001f080000000000ea1e0000000021")).toMatchObject({ alarms: ["sos"] });
    expect(decode("24430025645511183817091319355128000465632432000100ffe7fbffff0000")).toMatchObject({ alarms: ["powerCut"] });
    expect(recordOf("2441090013450831250401145047888000008554650e000000fffff9ffff001006000000000106020299109c01").io.ignition).toBe(false);
    expect(recordOf("2491802711800850240512192350143206090249758e000001ffffbbff00bdf0900000000001d60161cc4b9a35").fix).toMatchObject({ heading: 1 });
  });

  it("stores a record without a date at its arrival, gives binary records no answer, and skips X records", () => {
    const undated = `${SHORT.slice(0, 12)}000000000000${SHORT.slice(24)}`;
    expect(recordOf(undated).time).toEqual(NOW);
    expect(h02Answer(decode(SHORT))).toBeNull();
    // An X record repeats a $ record with another number in the id field (Traccar skips it too).
    expect(decode("5800009814991024031101175540227006012321670c000095fffffbffff0033")).toEqual({ type: "empty" });
  });

  it("refuses fields that cannot be what they say", () => {
    expect(() => decode(`${SHORT.slice(0, 24)}9935313006004318210e000000fffffbffff0024`)).toThrow(FrameError); // 99°
    expect(() => decode(`${SHORT.slice(0, 44)}000999fffffbffff0024`)).toThrow(FrameError); // course 999
    expect(() => decode(`${SHORT.slice(0, 18)}321316${SHORT.slice(24)}`)).toThrow(FrameError); // the 32nd
    expect(() => decode(`${SHORT.slice(0, 24)}5a353130${SHORT.slice(32)}`)).toThrow(FrameError); // not BCD
  });
});

describe("H02 binary framing", () => {
  it("frames each form by its length, ending where the next frame begins or the bytes received end", () => {
    for (const hex of [SHORT, LONG, IMEI]) expect(h02FrameLength(bytes(hex))).toBe(hex.length / 2);
    // A binary record then a text frame, and a 45-byte record then a 32-byte one, on one connection.
    const mixed = Buffer.concat([bytes(SHORT), Buffer.from(SHORT_TEXT)]);
    expect(h02FrameLength(mixed)).toBe(32);
    expect(h02FrameLength(mixed.subarray(32))).toBe(SHORT_TEXT.length);
    const two = Buffer.concat([bytes(LONG), bytes(SHORT)]);
    expect(h02FrameLength(two)).toBe(45);
    expect(h02FrameLength(two.subarray(45))).toBe(32);
    expect(h02FrameLength(Buffer.concat([bytes(SHORT), Buffer.from("\r\n")]))).toBe(32);
  });

  it("waits for a record's bytes, and refuses a record with no time or of no known length", () => {
    expect(h02FrameLength(bytes(SHORT).subarray(0, 10))).toBeNull();
    expect(h02FrameLength(bytes(LONG).subarray(0, 40))).toBeNull();
    expect(h02FrameLength(bytes("5800009814"))).toBeNull();
    expect(() => h02FrameLength(bytes(`24${"99".repeat(30)}`))).toThrow(FrameError);
    expect(() => h02FrameLength(Buffer.concat([bytes(SHORT), Buffer.alloc(30, 0x11)]))).toThrow(FrameError);
    expect(() => h02FrameLength(Buffer.from("GET / HTTP/1.1"))).toThrow(FrameError);
  });
});
