import { describe, expect, it } from "vitest";
import { FrameError } from "@/lib/ingestion/trackers/frame-reader";
import { decodeJt808Frame, encodeJt808Frame, jt808Answer, jt808FrameLength, type Jt808Message } from "@/lib/ingestion/trackers/jt808-codec";
import { encodeJt808Location } from "@/lib/ingestion/trackers/jt808-encoder";

/**
 * Real JT/T 808 frames of terminals, as published with Traccar's decoder tests (src/test/java/org/traccar/protocol,
 * Jt808ProtocolDecoderTest): the expected values are read off each frame by hand (times are GMT+8 on the wire).
 */
const NOW = new Date("2026-01-01T00:00:00Z");
const hex = (text: string) => Buffer.from(text, "hex");
const jt808 = (text: string) => decodeJt808Frame(hex(text), NOW) as Jt808Message;
const locationsOf = (message: Jt808Message) => (message.type === "locations" ? message.locations : []);
const recordOf = (text: string) => locationsOf(jt808(text))[0].record;

const HEARTBEAT = "7e0002000004304832546500b7ca7e";
const REGISTER = "7E0100002D013511221122000500000000373031303748422D52303347424400000000000000000000003233363631303402CBD5424136" + "383630387E";
const AUTHENTICATE = "7E0102000E013511221122000661757468656E7469636174696F6E3F7E";
const REGISTER_2019 =
  "7e0100405c010000086649607758216452180000000000000000000000000000004d443330300000000000000000000000000000000000" +
  "00000000000000003836363439363037373538323136340000000000000000000000000000000400000000000000000000000000000000" +
  "7a7e";
const BATCH_2019 = "7e0704402d0100000866496077582164881d0001000028000000000000000701a00192091f2a4700160000000226050916422701040000" + "258230010031010e507e";
const SOS = "7e0200002e094027587492000a000000010000000a03083db7001329f3000000140000130412164952010400000012360a0002341502cb" + "0c20085c107e";

describe("JT808 decoder (real frames)", () => {
  it("decodes the heartbeat, registration and authentication of a 2013 terminal: the phone number without leading zeros names it", () => {
    expect(jt808(HEARTBEAT)).toMatchObject({ type: "heartbeat", identifier: "43048325465", header: { id: 0x0002, version: null, serial: 0xb7 } });
    expect(jt808(REGISTER)).toMatchObject({ type: "register", identifier: "13511221122", header: { serial: 5 } });
    expect(jt808(AUTHENTICATE)).toMatchObject({ type: "authenticate", identifier: "13511221122", header: { serial: 6 } });
    expect(jt808("7E01000021013345678906000F002C012F373031313142534A2D4D3742203030303030303001D4C1423838383838B47E")).toMatchObject({
      type: "register",
      identifier: "13345678906",
    });
    expect(
      jt808("7e0100002d0141305678720024002c012f373031313142534a2d41362d424400000000000000000000003035363738373201d4c1423838" + "3838386d7e"),
    ).toMatchObject({
      type: "register",
      identifier: "14130567872",
    });
  });

  it("decodes the 2019 header (version flag, 10-byte phone number): a zero-padded IMEI is the IMEI", () => {
    expect(jt808(REGISTER_2019)).toMatchObject({ type: "register", identifier: "866496077582164", header: { version: 1 } });
    const [location] = locationsOf(jt808(BATCH_2019));
    // 2026-05-09 16:42:27 GMT+8; status 7: ACC on, positioned, south.
    expect(location.record).toEqual({
      time: new Date("2026-05-09T08:42:27Z"),
      fix: { latitude: -27.263378, longitude: 153.037383, altitude: 22, speedKmh: 0, heading: 2, satellites: 14 },
      io: { ignition: true, gpsOdometerMeters: 960_200 },
    });
  });

  it("decodes location reports: GMT+8 time made UTC, hemispheres from the status, speed in 0.1 km/h, mileage, vehicle speed and satellites", () => {
    const sos = locationsOf(jt808(SOS))[0];
    expect(sos.alarms).toEqual(["sos"]);
    expect(sos.record).toEqual({
      time: new Date("2013-04-12T08:49:52Z"),
      fix: { latitude: 50.871735, longitude: -1.255923, altitude: 0, speedKmh: 2, heading: 0 },
      io: { ignition: false, gpsOdometerMeters: 1_800 },
    });
    const tachograph = recordOf(
      "7e02000048051160004464000d00000000000c00020159885e06cbf34400000000000020080718072201040000000130011c310109e402" +
        "0063e50100e60100e7080000000000000000ee0a01cc01262c009a6743001e7e",
    );
    expect(tachograph).toMatchObject({ time: new Date("2020-08-07T10:07:22Z"), fix: { latitude: 22.64483, longitude: 114.02938, satellites: 9 } });
    const west = recordOf(
      "7e0200004d794308010679013800000000022c004e01819568036ef38c005c00120000251118112611d40164d50201a230011d31010cf4" +
        "0104f9020007fe0400000090fd0a02e8000400044a150fe6ef014a0b062200623a4965977e",
    );
    expect(west.fix).toMatchObject({ latitude: -25.269608, longitude: -57.602956, altitude: 92, speedKmh: 1.8, satellites: 12 });
    expect(west.time).toEqual(new Date("2025-11-18T03:26:11Z"));
    const moving = recordOf(
      "7e0200009e017721028890061b00000000004c000301d9f2d4073ca28d002b01c2000024011017260501040000023c3001193101162504" +
        "000000001404000000011504000000041604000000001702000018030000002b0400000000e10400735443e20400001211e30a4e617475" +
        "72654c696e6be635244f42442d52542c2c35352e3030302c3130332e37382c2c302e302c342c2c2c2c302e3030302c2c31323336302e32" +
        "382c2c2c0d0aa27e",
    );
    expect(moving).toMatchObject({
      fix: { latitude: 31.060692, longitude: 121.414285, speedKmh: 45, satellites: 22 },
      io: { ignition: true, gpsOdometerMeters: 57_200 },
    });
    const recorder = recordOf(
      "7e0200002f017028775424038d000000000000000a0189dbeb04ca653a00000012014723040700074401040000000030011b31010ee101" + "2dea020001dc7e",
    );
    expect(recorder.fix).toMatchObject({ latitude: 25.811947, longitude: -80.37305, speedKmh: 1.8, heading: 327, satellites: 14 });
    expect(
      recordOf(
        "7e0200003a019172511329001300000000000000020158df7206c9607000370000008424051311201801040000000030010d31011d5708" +
          "000000000000000082020092510201230b7e",
      ).fix,
    ).toMatchObject({ satellites: 29 });
  });

  it("keeps no fix when the positioned bit is clear, and reads the ACC bit and the power-cut and low-voltage alarms", () => {
    const unpositioned = recordOf(
      "7e0200002c00160128561400020000000000040001005de1f7065c6cef00000000000017011710044201040000a9002a02000030011b31" + "01030c7e",
    );
    expect(unpositioned).toEqual({ time: new Date("2017-01-17T02:04:42Z"), fix: undefined, io: { ignition: true, gpsOdometerMeters: 4_326_400 } });
    expect(
      recordOf("7e0200002c00160128561400030000000000040007005de13c065c6cdb00160000000017011710054201040000a9002a02000030011b31" + "0104e47e").fix,
    ).toMatchObject({
      latitude: -6.152508,
      longitude: 106.720475,
      altitude: 22,
      satellites: 4,
    });
    const [powerCut] = locationsOf(
      jt808(
        "7e070400510144503762020002000101004c00040100000800030202301006f893e8001d00000095260817221812140400000000170200" +
          "000104000036c9030200002504000000002a02000030011f31010eea04020c8300ef0400000000037e",
      ),
    );
    expect(powerCut.alarms).toEqual(["powerCut"]);
    expect(powerCut.record).toMatchObject({
      time: new Date("2026-08-17T14:18:12Z"),
      fix: { latitude: 33.697808, satellites: 14 },
      io: { ignition: true, ecuSpeedKmh: 0 },
    });
    const lowVoltage = locationsOf(
      jt808("7e02000033017051564189000c00000000000c00020158ff7206cd1f4c0000000001232011221156390104000000003001433101149301" + "00e3060064019a0000557e"),
    )[0];
    expect(lowVoltage.record.time).toEqual(new Date("2020-11-22T03:56:39Z"));
  });

  it("decodes the collision and rollover bits as a crash, and the active-safety item 0x70 as harsh acceleration, braking, cornering or a collision", () => {
    const terminal = { identifier: "13511221122", serial: 9 };
    const record = { time: new Date("2025-12-31T23:00:00Z"), fix: { latitude: 22.5, longitude: 114, speedKmh: 40, heading: 90 }, io: { ignition: true } };
    const collision = locationsOf(jt808(encodeJt808Location(terminal, record, (1 << 29) | 1).toString("hex")))[0];
    expect(collision.alarms).toEqual(["sos", "collision"]);
    expect(collision.record.events).toEqual([{ kind: "crash" }]);
    expect(collision.record.time).toEqual(record.time);
    const withItem = (type: number) => {
      const report = hex(encodeJt808Location(terminal, record).toString("hex"));
      const body = Buffer.concat([report.subarray(13, 41), hex(`70080000000100${type.toString(16).padStart(2, "0")}0000`)]);
      return locationsOf(decodeJt808Frame(encodeJt808Frame({ id: 0x0200, version: null, phone: hex("013511221122"), serial: 9 }, body), NOW)!)[0].record.events;
    };
    expect(withItem(0x01)).toEqual([{ kind: "harshAcceleration" }]);
    expect(withItem(0x02)).toEqual([{ kind: "harshBraking" }]);
    expect(withItem(0x03)).toEqual([{ kind: "harshCornering" }]);
    expect(withItem(0x16)).toEqual([{ kind: "crash" }]);
    expect(withItem(0x05)).toBeUndefined();
  });

  it("decodes batches (0x0704) into one record per location, and every published frame of the layouts it reads", () => {
    const batch = locationsOf(
      jt808(
        "7e0704011204545009154600a4000301004200000000004c000a0236d9f9008126ba00280001000026052318421301040000003d300100" +
          "31010de4020159e50101e60100e7080000000400000000f50101fb0100006700000000004c00000236d9f9008126ba0028000000002605" +
          "2318451301040000003d300100310100e4020158e50101e60100e7080000000400000000ec155091e3194157ae8c86dd750382a69e86dd" +
          "750382a4e10c010c000600bbe4001ada2900f50101fb0100006000000000004c00000236d9f9008126ba00280000000026052318481201" +
          "040000003d300100310100e4020157e50101e60100e7080000000400000000ec0e5091e3194157b09e86dd750382afe10c010c000600bb" +
          "e4001b1c2900f50101fb0100a57e",
      ),
    );
    expect(batch.map(({ record }) => record.time.toISOString())).toEqual(["2026-05-23T10:42:13.000Z", "2026-05-23T10:45:13.000Z", "2026-05-23T10:48:12.000Z"]);
    expect(batch[0].record.fix).toMatchObject({ latitude: 37.149177, longitude: -8.464058, altitude: 40, speedKmh: 0.1 });
    expect(batch[1].record.fix).toBeUndefined();
    const frames = [
      "7e020000220014012499170007000000000000400e012af16f02cbd2ba000000000000150101194257010400000077a97e",

      "7e020000400303000002280042000000000000000301618ab406c31ec800000000000518092116145701040000047830011031010aeb16" +
        "000c00b28986011780108622216500060089ffffffffc37e",

      "7e02000054086031592715006e0000000000000002015a3c1a06c8733800000000000019103022183633362a4d30302c34352c31313338" +
        "363030526f79314f70656e26303030303030303030303030263132333435363738393031323334353623ff7e",

      "7e0200006476806111898300710000000000100046005d3156065f7128000000000000230511165956660b01fe000001031a5d1a810167" +
        "0831333231343332326902018b6a01166b01006c0f32303430383039323037353336373571143839343434373838303030303032313130" +
        "3030464b7e",
    ];
    for (const frame of frames) expect(locationsOf(jt808(frame)), frame).toHaveLength(1);
    expect(recordOf(frames[0])).toMatchObject({ time: new Date("2015-01-01T11:42:57Z"), fix: { latitude: -19.591535, longitude: -46.912186 } });
    expect(jt808("7e0900001b41305888975883194000184754534c7c367c317c307c31303231383039347c317c0d0ab47e")).toMatchObject({
      type: "other",
      identifier: "413058889758",
    });
  });

  it("frames from 0x7E to 0x7E, unescapes 0x7D 0x02 / 0x7D 0x01, and refuses bad check codes, lengths, escapes and non-BCD numbers", () => {
    const stream = Buffer.concat([hex(HEARTBEAT), hex(AUTHENTICATE).subarray(0, 10)]);
    expect(jt808FrameLength(stream)).toBe(15);
    expect(jt808FrameLength(stream.subarray(15))).toBeNull();
    expect(jt808FrameLength(Buffer.alloc(0))).toBeNull();
    expect(() => jt808FrameLength(Buffer.from("GET / HTTP/1.1"))).toThrow(FrameError);
    expect(() => jt808FrameLength(Buffer.concat([Buffer.from([0x7e]), Buffer.alloc(5_000, 1)]))).toThrow(FrameError);
    expect(decodeJt808Frame(hex("7e7e"))).toBeNull();
    // A serial of 0x7E7D goes out escaped, and comes back whole.
    const escaped = encodeJt808Frame({ id: 0x0002, version: null, phone: hex("013511221122"), serial: 0x7e7d }, Buffer.alloc(0));
    expect(escaped.toString("hex")).toContain("7d027d01");
    expect(jt808(escaped.toString("hex")).header.serial).toBe(0x7e7d);
    const badCheck = hex(HEARTBEAT);
    badCheck[badCheck.length - 2] ^= 1;
    expect(() => decodeJt808Frame(badCheck)).toThrow(/check code/);
    expect(() => decodeJt808Frame(hex("7e0900001f4f07788ef87d000cf0230223150215010203013800000c000b029dc58c04b99b60230223171822507e"))).toThrow(FrameError);
    expect(() => decodeJt808Frame(hex("7e010200204f07788ef67601824f4459344f544d314d4459774d4441314d444977626d5633553235536457786cba7e"))).toThrow(/BCD/);
    expect(() => decodeJt808Frame(hex("7E0900007A413050338598004B53000000100000"))).toThrow(FrameError);
    // A month of 13 (BCD 13) in an otherwise right report.
    const location = encodeJt808Location({ identifier: "13511221122", serial: 1 }, { time: NOW, io: {} });
    const body = Buffer.from(location);
    body[1 + 12 + 22 + 1] = 0x13;
    expect(() => decodeJt808Frame(encodeJt808Frame({ id: 0x0200, version: null, phone: hex("013511221122"), serial: 1 }, body.subarray(13, 41)))).toThrow(
      /date/,
    );
  });

  it("answers registration 0x8100 with the identifier as code, and heartbeats, authentication, reports and batches 0x8001", () => {
    expect(jt808Answer(jt808(HEARTBEAT))!.toString("hex")).toBe("7e8001000504304832546500b700b7000200f97e");
    expect(jt808Answer(jt808(REGISTER))!.toString("hex")).toBe("7e8100000e013511221122000500050031333531313232313132328c7e");
    expect(jt808Answer(jt808(AUTHENTICATE))!.subarray(13, 18).toString("hex")).toBe("0006010200");
    // The 2019 answer keeps the version flag, version byte and 10-byte number.
    expect(jt808Answer(jt808(BATCH_2019))!.toString("hex")).toBe("7e800140050100000866496077582164881d881d070400eb7e");
    expect(jt808Answer(jt808(SOS))!.subarray(13, 18).toString("hex")).toBe("000a020000");
    expect(jt808Answer(jt808("7e0900001b41305888975883194000184754534c7c367c317c307c31303231383039347c317c0d0ab47e"))).toBeNull();
  });
});
