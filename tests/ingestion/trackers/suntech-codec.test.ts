import { describe, expect, it } from "vitest";
import { FrameError } from "@/lib/ingestion/trackers/frame-reader";
import { decodeSuntechFrame, suntechFrameLength, type SuntechMessage } from "@/lib/ingestion/trackers/suntech-codec";

/**
 * Real frames of Suntech devices (ST300/ST340/ST390/ST310U, SA200, ST500, ST600, ST410/ST419, ST910 and the universal
 * firmware's text and binary forms), as published with Traccar's decoder tests (src/test/java/org/traccar/protocol/
 * SuntechProtocolDecoderTest, SuntechFrameDecoderTest): the expected values are read off each frame by hand, with the
 * ST300 manual's and the universal reporting guide's field tables.
 */
const NOW = new Date("2026-01-01T00:00:00Z");
const text = (value: string) => Buffer.from(`${value}\r`, "latin1");
const decode = (value: string | Buffer) => decodeSuntechFrame(typeof value === "string" ? text(value) : value, NOW);
const report = (value: string | Buffer) => {
  const message = decode(value);
  if (message.type !== "report") throw new Error(`not a report: ${message.type}`);
  return message;
};
const hex = (value: string) => Buffer.from(value, "hex");

describe("Suntech decoder: the ST300 family's text reports (real frames)", () => {
  it("decodes an ST300 STT: UTC time, fix, km/h, course, satellites, distance, main power, I/O a" + "nd the hour meter", () => {
    const message = report(
      "ST300STT;007238270;40;313;20190220;12:05:04;c99e48;+04.644623;-074.076922;010.390;202.77;" + "20;1;997100;14.10;100000;2;8384;003634;4.1;1",
    );
    expect(message).toMatchObject({ type: "report", id: "007238270", kind: "STT", alarms: [], stored: false });
    expect(message.record).toEqual({
      time: new Date("2019-02-20T12:05:04Z"),
      fix: { latitude: 4.644623, longitude: -74.076922, speedKmh: 10.39, heading: 202.77, satellites: 20 },
      io: {
        ignition: true,
        digitalInput1: false,
        digitalInput2: false,
        digitalInput3: false,
        gpsOdometerMeters: 997_100,
        externalVolts: 14.1,
        engineSeconds: 3634 * 60,
      },
    });
  });

  it("reads the inputs, a stored report (MSG_TYPE 0), and leaves the hour meter out when the dev" + "ice does not send it", () => {
    const inputs = report(
      "ST300STT;109002029;08;1080;20190220;13:00:55;85405;+04.645710;-074.078525;007.760;005.19;" +
        "10;1;6520802;13.86;100100;4;1716;0000039863;4.1;1;0.00;0000;0000;0;0",
    );
    expect(inputs.record.io).toMatchObject({ ignition: true, digitalInput3: true, engineSeconds: 39_863 * 60 });
    const stored = report(
      "ST390STT;007579860;18;302;20191101;11:28:51;145b49;-23.267030;-047.298142;000.000;000.00;" +
        "9;1;5;11.93;000000;2;0003;000002;4.03;0;20010000;22470;724;05;-58;5211;1",
    );
    expect(stored.stored).toBe(true);
    expect(stored.record.io).toMatchObject({ ignition: false, engineSeconds: 120, externalVolts: 11.93 });
    const noMeter = report(
      "ST300STT;205589913;05;527;20170304;02:21:33;be139;-25.398868;-049.325636;000.476;000.00;6;" + "1;427;12.57;100000010;1;0172;017.159;0;002.327;12;4.0",
    );
    expect(noMeter.record.io).not.toHaveProperty("engineSeconds");
    expect(noMeter.record.io.ignition).toBe(true);
  });

  it("stores no fix when FIX is 0 (the last known position), keeping the report's values", () => {
    const message = report(
      "ST300STT;205170303;12;561;20170816;09:10:34;173f53;+19.082370;-098.214287;006.776;000.00;" +
        "0;0;52982186;12.75;100000;2;6328;155747;4.2;1;0.00;0;0.00;0.00;00000000000000;0;" +
        "28F2B7600600005D:+5.2;:;:",
    );
    expect(message.record.fix).toBeUndefined();
    expect(message.record.io).toMatchObject({ ignition: true, gpsOdometerMeters: 52_982_186, externalVolts: 12.75, engineSeconds: 155_747 * 60 });
  });

  it("decodes SA200 (no model field), ST500 (no cell) and ST600 (cell, MCC, MNC, LAC and signal) reports", () => {
    expect(report("SA200STT;317652;042;20120718;15:37:12;16d41;-15.618755;-056.083241;000.024;000.00;8;1;" + "41548;12.17;100000;2;1979").record).toEqual({
      time: new Date("2012-07-18T15:37:12Z"),
      fix: { latitude: -15.618755, longitude: -56.083241, speedKmh: 0.024, heading: 0, satellites: 8 },
      io: { ignition: true, digitalInput1: false, digitalInput2: false, digitalInput3: false, gpsOdometerMeters: 41_548, externalVolts: 12.17 },
    });
    const st500 = report(
      "ST500STT;205450135;07;843;20170816;23:24:45;+19.338432;-099.179817;000.283;000.00;6;1;" + "141121;12.89;0;0;1;4659;002.795;0;001.891;611;4.0",
    );
    expect(st500.record.fix).toMatchObject({ latitude: 19.338432, longitude: -99.179817, satellites: 6 });
    expect(st500.record.io).toEqual({ gpsOdometerMeters: 141_121, externalVolts: 12.89 });
    const st600 = report(
      "ST600STT;008084783;20;419;20180308;18:00:36;0032cc3e;736;3;445c;41;-16.530023;-068.084267;" +
        "018.640;267.99;10;1;11655;13.33;100000;2;0336;000061;4.5;0;0.00",
    );
    expect(st600).toMatchObject({ id: "008084783", stored: true });
    expect(st600.record.fix).toEqual({ latitude: -16.530023, longitude: -68.084267, speedKmh: 18.64, heading: 267.99, satellites: 10 });
    expect(st600.record.io).toMatchObject({ ignition: true, gpsOdometerMeters: 11_655, externalVolts: 13.33, engineSeconds: 61 * 60 });
    const eightBits = report(
      "ST600STT;100850000;01;010;20081017;07:41:56;0000004f;450;20;0023;24;+37.478519;" +
        "+126.886819;000.012;000.00;9;1;0;15.30;00110000;1;0072;0;4.5;1;12.35",
    );
    expect(eightBits.record.io).toMatchObject({ ignition: false, digitalInput1: false, digitalInput2: true, digitalInput3: true });
  });

  it("decodes EMG (the panic button: sos), ALT (its alert id) and EVT reports, each kind named", () => {
    const emergency = report("SA200EMG;317652;042;20120718;15:35:41;16d41;-15.618740;-056.083252;000.034;000.00;8;1;" + "41548;12.17;110000;1");
    expect(emergency).toMatchObject({ kind: "EMG", alarms: ["sos"] });
    expect(emergency.record.io).toMatchObject({ ignition: true, digitalInput1: true });
    const alert = report(
      "ST300ALT;007239104;40;313;20190112;01:07:16;c99139;+04.703287;-074.148897;000.000;189.72;" + "21;1;425512;12.61;100000;33;003188;4.1;1",
    );
    expect(alert).toMatchObject({ kind: "ALT", alarms: [] });
    // H_METER counts minutes (ST310U Operation Manual 7-4 "Setting Hour-Meter": SetHMeter=<minute>).
    expect(alert.record.io).toMatchObject({ ignition: true, engineSeconds: 3188 * 60 });
    const event = report(
      "ST300EVT;205173382;07;564;20160322;23:23:18;232e19;+19.288278;-099.128750;000.122;000.00;" +
        "9;1;478391;11.53;000100;2;1;9498;079324;4.3;1;0.00;0.00;0.00;00000000000000;0;" +
        "2898E16006000058:-20.8;2861626006000039:+2.5;:",
    );
    expect(event).toMatchObject({ kind: "EVT", alarms: [] });
    expect(event.record.fix).toMatchObject({ latitude: 19.288278, longitude: -99.12875 });
    // Deep sleep exit (alert 10), no fix, power 0: stored as the values it has.
    const noFix = report("SA200ALT;317652;042;20120829;14:25:58;16d41;-15.618770;-056.083242;000.029;000.00;0;0;" + "2404240;0.00;000000;10");
    expect(noFix.record.fix).toBeUndefined();
  });

  it("makes the driving-pattern alerts (46 acceleration, 47 braking, 48 sharp turn) and the coll" + "ision (16) the record's events", () => {
    // The ST300 ALT above with its alert id replaced by each of these (the manual's alert table).
    const withAlert = (id: number) =>
      report(`ST300ALT;007239104;40;313;20190112;01:07:16;c99139;+04.703287;-074.148897;000.000;189.72;` + `21;1;425512;12.61;100000;${id};003188;4.1;1`);
    expect(withAlert(46).record.events).toEqual([{ kind: "harshAcceleration" }]);
    expect(withAlert(47).record.events).toEqual([{ kind: "harshBraking" }]);
    expect(withAlert(48).record.events).toEqual([{ kind: "harshCornering" }]);
    expect(withAlert(16).record.events).toEqual([{ kind: "crash" }]);
    expect(withAlert(41)).toMatchObject({ alarms: ["powerCut"] });
    expect(withAlert(1)).toMatchObject({ alarms: ["overspeed"] });
  });

  it("decodes UEX (serial data) reports: the position and I/O, the data itself not read", () => {
    const message = report(
      "ST300UEX;100850000;01;010;20081017;07:41:56;2F100;+37.478519;+126.886819;000.012;000.00;9;" + "1;0;15.30;001100;25;Welcome to Suntech World!;12;0;4.5;1",
    );
    expect(message).toMatchObject({ kind: "UEX", id: "100850000" });
    expect(message.record.fix).toMatchObject({ latitude: 37.478519, longitude: 126.886819 });
    expect(message.record.io).toMatchObject({ externalVolts: 15.3, digitalInput2: true, digitalInput3: true });
  });

  it("decodes the ST4xx portable units' reports (seven cells before the fix;" + " none when the unit has no fix)", () => {
    const message = report(
      "ST410STT;007272376;408;01;21651;732;123;-65;1824;1;21654;732;123;1824;0;0;22542;732;123;" +
        "1824;0;0;21656;732;123;1824;0;0;21655;732;123;1824;0;0;22541;732;123;1824;0;0;0;0;0;0;0;0;" +
        "3.7;1;0156;1;20180816;05:18:52;+04.722322;-074.052776;000.074;000.00;10;1",
    );
    expect(message.record).toEqual({
      time: new Date("2018-08-16T05:18:52Z"),
      fix: { latitude: 4.722322, longitude: -74.052776, speedKmh: 0.074, heading: 0, satellites: 10 },
      io: {},
    });
    const variant = report(
      "ST419STT;807587388;306;41;04;30062;724;2;-65;5221;255;30061;724;2;5221;0;0;30212;724;2;" +
        "5221;0;0;30071;724;2;5221;0;0;30222;724;2;5221;0;0;30213;724;2;5221;0;0;30063;724;2;5221;" +
        "0;0;3.92;1;0185;1;00010000;26.1;1;20240729;19:22:43;-22.754650;-043.437569;000.185;297.35;" +
        "6;1",
    );
    expect(variant.record.fix).toMatchObject({ latitude: -22.75465, longitude: -43.437569, satellites: 6 });
    const noFix = report(
      "ST410STT;109815653;445;03;16531;724;10;-77;6011;7;16273;724;10;7511;0;0;13903;724;10;6011;" +
        "0;0;7671;724;10;7111;0;0;16533;724;10;6011;0;0;0;0;0;0;0;0;0;0;0;0;0;0;3.86;0;0098;1;003;;" +
        ";;;;;;;",
    );
    expect(noFix).toMatchObject({ stored: true, record: { time: NOW, io: {} } });
    expect(noFix.record.fix).toBeUndefined();
  });

  it("decodes ST910 Location, Emergency and Alert reports (with or without the software and cell fields)", () => {
    expect(report("ST910;Location;344506;017;20130727;14:10:00;-25.398714;-049.296818;000.187;000.00;1;4.32;1;1;0001")).toMatchObject({
      id: "344506",
      kind: "Location",
      record: { time: new Date("2013-07-27T14:10:00Z"), fix: { latitude: -25.398714, longitude: -49.296818, speedKmh: 0.187 } },
    });
    expect(report("ST910;Emergency;238569;528;20170403;00:02:09;7574160020;+19.661292;-099.144473;000.176;" + "000.00;1;228638;1")).toMatchObject({
      kind: "Emergency",
      alarms: ["sos"],
      record: { fix: { latitude: 19.661292, longitude: -99.144473 } },
    });
    expect(
      report("ST910;Alert;485195;20170409;22:37:41;3be0133057;+24.882410;-107.509152;000.070;000.00;1;" + "286734;72;02;295;05;-415;4912;255;10;10"),
    ).toMatchObject({
      kind: "Alert",
      record: { time: new Date("2017-04-09T22:37:41Z"), fix: { latitude: 24.88241 } },
    });
  });

  it("names the device in keep-alives, command answers and trip reports, which store nothing", () => {
    expect(decode("SA200ALV;317652")).toEqual({ type: "keepAlive", id: "317652", kind: "ALV" });
    expect(decode("ST300CMD;Res;511848119;319H;Disable1")).toEqual({ type: "other", id: "511848119", kind: "CMD" });
    expect(
      decode(
        "ST300HTE;511050566;45;308;20200909;13:38:38;0;12.50;001354;0.0;1;0;1;1;0;-27.636632;" +
          "-052.277933;-27.636675;-052.277947;000.000;002.296;0;00000000000000",
      ),
    ).toEqual({
      type: "other",
      id: "511050566",
      kind: "HTE",
    });
  });
});

describe("Suntech decoder: the universal firmware (real frames)", () => {
  it("decodes a universal STT by its mask: the fields present, the input state's ignition and th" + "e assigned main power", () => {
    const message = report(
      "STT;0560001616;BFFFFF;56;1.0.15;1;20200219;20:52:25;00008D6C;334;20;0925;24;+20.741764;" +
        "-103.430364;0.00;0.00;19;1;00000001;00000000;2;1;1765;00008003;0.0;12.14;136598",
    );
    expect(message).toMatchObject({ id: "0560001616", kind: "STT", stored: false });
    expect(message.record).toEqual({
      time: new Date("2020-02-19T20:52:25Z"),
      fix: { latitude: 20.741764, longitude: -103.430364, speedKmh: 0, heading: 0, satellites: 19 },
      io: { ignition: true, digitalInput1: false, digitalInput2: false, digitalInput3: false, externalVolts: 12.14 },
    });
    const moving = report(
      "STT;100850000;3FFFFF;26;010;1;20161117;08:37:39;0000004F;450;0;0014;20;+37.479323;" + "+126.887827;62.03;65.43;10;1;00000101;00001000;1;2;0492",
    );
    expect(moving.record.fix).toMatchObject({ speedKmh: 62.03, heading: 65.43 });
    expect(moving.record.io).toMatchObject({ ignition: true, digitalInput2: true });
    expect(
      report(
        "STT;6009999006;3FFFFF;26;398;0;20170827;20:04:37;087d4760;310;410;0ba0;23;+40.123420;" + "-074.995971;000.031;000.00;8;1;00000001;00000000;1;1;0006",
      ).stored,
    ).toBe(true);
  });

  it("decodes universal alerts: SOS (42), and one without a fix", () => {
    expect(
      report("ALT;0950030205;3FFFFF;95;1.0.11;0;20221017;21:41:30;02F2F402;334;20;0F1D;45;+25.791061;" + "-100.170745;0.00;0.00;18;1;00000101;00000000;42;2;"),
    ).toMatchObject({
      kind: "ALT",
      alarms: ["sos"],
      stored: true,
      record: { fix: { latitude: 25.791061, longitude: -100.170745 } },
    });
    const noFix = report(
      "ALT;0840037569;FFFFFF;84;1.0.6;0;20221228;11:33:05;00004490;724;11;05D3;33;-22.845935;" +
        "-46.322000;0.00;0.00;18;0;00000001;00000000;99;;;;08E3800F;4.1;12.37;0;0;0;0;4;;;;",
    );
    expect(noFix.record.fix).toBeUndefined();
    expect(noFix.record.io).toMatchObject({ ignition: true, externalVolts: 12.37 });
  });

  it("decodes a universal UEX, and names the device in RES (command answers) and other reports", () => {
    const serial = report(
      "UEX;1610020241;03FFFFFF;161;3.0.9;0;20240506;15:52:55;00006697;724;11;4EDA;33;-5.129240;" +
        "-42.797868;0.00;0.00;11;1;00000001;00000000;24;GTSL|6|1|0|22574684|1|\r\n;A7;;164;0;11.82",
    );
    expect(serial).toMatchObject({ kind: "UEX", record: { fix: { latitude: -5.12924, longitude: -42.797868 }, io: { ignition: true } } });
    expect(decode("RES;4309999001;04;02;TEST")).toEqual({ type: "other", id: "4309999001", kind: "RES" });
    expect(decode("BLE;1140000053;114;1.0.1;20211001;17:27:09;+28.433465;-82.565891;1;-43;-46;-41;ACB89523EF68;247;0;0")).toMatchObject({
      type: "other",
      kind: "BLE",
    });
    expect(decode("ALV;0560001616")).toEqual({ type: "keepAlive", id: "0560001616", kind: "ALV" });
  });

  it("decodes the binary status (0x81) and alert (0x82): signed-magnitude coordinates, hundredth" + "s of km/h and degrees, the input byte", () => {
    const status = report(
      hex(
        "81004e05200013383fffff3401000301130a0512080400000000000000000000000047f9d5846a068100722252" +
          "14010100020300a8002604c1000004b000000470000025a100000000000025c4000000a6",
      ),
    );
    expect(status).toMatchObject({ id: "0520001338", kind: "STT", stored: false });
    expect(status.record).toEqual({
      time: new Date("2019-10-05T18:08:04Z"),
      fix: { latitude: 4.717013, longitude: -74.057345, speedKmh: 1.14, heading: 87.86, satellites: 20 },
      io: { ignition: true, digitalInput1: false, digitalInput2: false, digitalInput3: false },
    });
    const stored = report(
      hex(
        "81004e05200013383fffff3401000300130b020b2a0500000000000000000000000047f9ec846a065000000000" +
          "12010200000123a1002904ba00010fb40000000000000000000000000000000000005989",
      ),
    );
    expect(stored).toMatchObject({ stored: true, record: { io: { ignition: false, digitalInput1: true } } });
    const alert = report(
      hex(
        "82004d05800000553fffff360100100114020410293902ccccf102dc007b00053c00476fa18469e87f00000000" +
          "0b0100003b00081d00000113f3f8010000049e00000000000000001d00000113f3f801",
      ),
    );
    expect(alert).toMatchObject({ id: "0580000055", kind: "ALT", alarms: [] });
    expect(alert.record.fix).toEqual({ latitude: 4.681633, longitude: -74.049663, speedKmh: 0, heading: 0, satellites: 11 });
  });

  it("decodes the ST300 family's zip status (0x02…0x03): BCD device id, BCD fractions, the signs" + " in the satellites byte", () => {
    const message = report(hex("02003210511340877028813f180c170016041051290c0635652d793653000038001a30e601665e560000000100" + "750002712704000103"));
    expect(message).toMatchObject({ id: "511340877", kind: "STT" });
    expect(message.record).toEqual({
      time: new Date("2024-12-23T00:22:04Z"),
      fix: { latitude: -12.063565, longitude: -45.793653, speedKmh: 0.38, heading: 26.3, satellites: 6 },
      io: { ignition: false, digitalInput1: false, digitalInput2: false, digitalInput3: false, gpsOdometerMeters: 23_486_038, externalVolts: 0 },
    });
  });
});

describe("Suntech framing", () => {
  it("frames text at a CR, binary by its length, and line ends between reports as empty frames", () => {
    const status = "ST300STT;007238270;40;313;20190220;12:05:04;c99e48;+04.644623;-074.076922;010.390;202.77;" + "20;1;997100;14.10;100000;2;8384;003634;4.1;1";
    const stream = Buffer.concat([text(status), Buffer.from("SA200ALV;317652\r\n", "latin1")]);
    expect(suntechFrameLength(stream)).toBe(status.length + 1);
    expect(suntechFrameLength(stream.subarray(status.length + 1))).toBe("SA200ALV;317652\r\n".length);
    expect(suntechFrameLength(Buffer.from("\r\n"))).toBe(2);
    expect(suntechFrameLength(Buffer.from("ST300STT;0072"))).toBeNull();
    const zip = hex("02003210511340877028813f180c170016041051290c0635652d793653000038001a30e601665e560000000100" + "750002712704000103");
    expect(suntechFrameLength(Buffer.concat([zip, zip]))).toBe(zip.length);
    expect(suntechFrameLength(zip.subarray(0, 2))).toBeNull();
    const binary = hex("5354363030414c563b3030383732383332370d");
    expect(decode(binary.subarray(0, suntechFrameLength(binary)!))).toEqual({ type: "keepAlive", id: "008728327", kind: "ALV" });
  });

  it("keeps a UEX's CR LF inside its serial data; a CR LF ends any other report", () => {
    const serial =
      "ST300UEX;511248287;45;311;20220701;18:42:08;14c943;-22.975257;-043.373065;000.000;000.00;" +
      "0;0;0;12.14;100010;19;RFID:008FB2BEBA39\r\n;3E;000135;4.1;1;00000000000000;0\r";
    expect(suntechFrameLength(Buffer.from(serial, "latin1"))).toBe(serial.length);
    expect(decode(Buffer.from(serial, "latin1"))).toMatchObject({ kind: "UEX", id: "511248287" });
  });

  it("refuses what is not a Suntech report, truncated binary and crash data (FrameError: the con" + "nection closes)", () => {
    const refused = (bytes: Buffer) => () => {
      const length = suntechFrameLength(bytes);
      decodeSuntechFrame(bytes.subarray(0, length ?? bytes.length), NOW);
    };
    expect(refused(Buffer.from("-Error\r"))).toThrow(FrameError);
    expect(refused(Buffer.from("GET / HTTP/1.1\r\n"))).toThrow(FrameError);
    expect(refused(Buffer.from("ST300STT;12AB;40\r"))).toThrow(FrameError);
    expect(refused(hex("8100200520001338"))).toThrow(FrameError);
    expect(refused(hex("8111"))).toThrow(FrameError);
    expect(refused(Buffer.from("CRR;0910000063;1;1;0150;"))).toThrow(FrameError);
    expect(refused(Buffer.from(`ST300STT;${"1".repeat(3000)}`))).toThrow(FrameError);
  });

  it("exposes each message's own kind name", () => {
    const kinds = (frames: (string | Buffer)[]) => frames.map((frame) => (decode(frame) as Exclude<SuntechMessage, { type: "empty" }>).kind);
    expect(kinds(["SA200ALV;317652", "ALV;0560001616", "RES;4309999001;04;02;TEST"])).toEqual(["ALV", "ALV", "RES"]);
  });
});
