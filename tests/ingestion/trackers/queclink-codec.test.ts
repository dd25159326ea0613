import { describe, expect, it } from "vitest";
import { FrameError } from "@/lib/ingestion/trackers/frame-reader";
import { decodeQueclinkFrame, queclinkAnswer, queclinkFrameLength, type QueclinkMessage } from "@/lib/ingestion/trackers/queclink-codec";

/**
 * Real frames of Queclink devices (GL200/GL300/GL500, GV55/GV65/GV200/GV300/GV500/GV600, GB100, CV100/CV200), as
 * published with Traccar's decoder tests (src/test/java/org/traccar/protocol/Gl200TextProtocolDecoderTest): the
 * expected values are read off each frame by hand.
 */
const NOW = new Date("2026-01-01T00:00:00Z");
const decode = (text: string, zone: number | null = null) => decodeQueclinkFrame(Buffer.from(text), NOW, zone);
const report = (text: string, zone: number | null = null) => {
  const message = decode(text, zone);
  if (message.type !== "report") throw new Error(`not a report: ${message.type}`);
  return message;
};
const last = (message: QueclinkMessage) => (message.type === "report" ? message.records[message.records.length - 1] : undefined);

describe("Queclink decoder (real frames)", () => {
  it("decodes GTFRI: the fix (UTC), HDOP, km/h, azimuth, altitude; mileage, hour meter, external power and the device status's ignition", () => {
    const message = report(
      "+RESP:GTFRI,060228,862894020180553,,14827,10,1,1,3.4,199,409.6,-63.174466,-17.739317," +
        "20170407121823,0000,0000,0000,0000,00,15989.5,01070:43:13,13,180,0,220101,,,," +
        "20170407081824,9607$",
    );
    expect(message).toMatchObject({ imei: "862894020180553", kind: "FRI", buffered: false, count: "9607", alarms: [] });
    expect(message.records).toEqual([
      {
        time: new Date("2017-04-07T12:18:23Z"),
        fix: { latitude: -17.739317, longitude: -63.174466, speedKmh: 3.4, heading: 199, altitude: 409.6, hdop: 1 },
        io: { gpsOdometerMeters: 15_989_500, engineSeconds: 1070 * 3600 + 43 * 60 + 13, ignition: true, externalVolts: 14.827 },
      },
    ]);
    // The send time is the device's local time (UTC-4 here): its zone, for the reports it keeps without a fix.
    expect(message.zoneMinutes).toBe(-240);
    expect(queclinkAnswer(message)).toBe("+SACK:9607$");

    const off = report(
      "+RESP:GTFRI,060502,861074023689626,,25202,10,1,1,0.0,0,2744.1,-78.261047,0.023452," +
        "20170401211940,,,,,,0.0,00079:19:15,,,51,110000,,,,20170401212003,4DA7$",
    );
    expect(last(off)!.io).toMatchObject({ ignition: false, externalVolts: 25.202, engineSeconds: 79 * 3600 + 19 * 60 + 15 });
    const vin = report(
      "+RESP:GTFRI,1F0301,862193022001432,WF0GXXGBBGBM26503,,14900,41,1,1,11.6,74,356.0," +
        "14.120023,50.167894,20181104080703,0230,0003,9B14,5891,00,74.1,,,,83,220000,799,7.3,," +
        "20181104080703,099B$",
    );
    expect(last(vin)!.io).toMatchObject({ externalVolts: 14.9, gpsOdometerMeters: 74_100, ignition: true });
    expect(vin.zoneMinutes).toBe(0);
  });

  it("decodes every block of a multi-fix GTFRI (GL300) and GL models' reserved power field as no voltage", () => {
    const message = report(
      "+RESP:GTFRI,1A0900,860599000306845,G3-313,0,0,4,1,2.1,0,426.7,8.611466,47.681639," +
        "20181214134603,0228,0001,077F,4812,25.2,1,5.7,34,437.3,8.611600,47.681846,20181214134619," +
        "0228,0001,077F,4812,25.2,1,4.4,62,438.2,8.611893,47.681983,20181214134633,0228,0001,077F," +
        "4812,25.2,1,4.8,78,436.6,8.612236,47.682040,20181214134648,0228,0001,077F,4812,25.2,83," +
        "20181214134702,0654$",
    );
    expect(message.records.map((record) => record.time.toISOString())).toEqual([
      "2018-12-14T13:46:03.000Z",
      "2018-12-14T13:46:19.000Z",
      "2018-12-14T13:46:33.000Z",
      "2018-12-14T13:46:48.000Z",
    ]);
    expect(message.records[3].fix).toMatchObject({ speedKmh: 4.8, heading: 78, latitude: 47.68204 });
    expect(last(message)!.io.externalVolts).toBeUndefined();
    const two = report(
      "+RESP:GTFRI,240100,135790246811220,,,10,2,1,4.3,92,70.0,121.354335,31.222073," +
        "20090214013254,0460,0000,18d8,6141,00,0,4.3,92,70.0,121.354335,31.222073,20090101000000," +
        "0460,0000,18d8,6141,00,2000.0,12345:12:34,,,80,,,,,20090214093254,11F0$",
    );
    expect(two.records).toHaveLength(2);
    expect(two.records[1].fix).toBeUndefined(); // accuracy 0: the last known position, not a fix
    expect(two.records[1].io.gpsOdometerMeters).toBe(2_000_000);
  });

  it("keeps no fix for accuracy 0 or an empty position; a live report is then dated on arrival, a kept one at its send time made UTC", () => {
    const empty = report("+RESP:GTFRI,120113,555564055560555,,1,1,1,,,,,,,,0282,0380,f080,cabf,6900,79,20140824165629,0001$");
    expect(empty.records).toEqual([]); // nothing to store: no fix, no vehicle value
    const kept = report("+BUFF:GTIGF,840502,867963063190000,,0,0,,,,,,,0268,0006,22C4,13E5,00,,,20250116170541,22D0$", -240);
    expect(kept.records).toEqual([{ time: new Date("2025-01-16T21:05:41Z"), io: { ignition: false } }]);
    expect(queclinkAnswer(kept)).toBe("+SACK:22D0$");
    const live = report("+RESP:GTIGF,500101,868570000393782,,0,0,,,,,,,0730,0002,A08F,872B36,00,,0.0,20240921021804,E3B1$", 120);
    expect(live.records).toEqual([{ time: NOW, io: { ignition: false } }]);
    // A kept report's send time says nothing of the zone (it was sent late).
    expect(
      report(
        "+BUFF:GTFRI,060402,862894021808798,,,10,1,1,0.0,349,394.3,-63.287717,-17.662410," +
          "20160116234031,0736,0003,6ABA,8305,00,3326.8,,,,94,220100,,,,20160116194035,4D83$",
      ).zoneMinutes,
    ).toBeNull();
  });

  it("reads the ignition of GTIGN/GTIGF, GTIGL, GTSTT and GTINF, with the hour meter and mileage of the ignition reports", () => {
    const on = report(
      "+RESP:GTIGN,060228,862894020180553,,9860,0,0.2,189,420.0,-63.158195,-17.800608," + "20160309022951,0736,0003,6AD4,3471,00,,881.2,20160308222956,129A$",
    );
    expect(on.records).toEqual([{ time: NOW, io: { ignition: true, gpsOdometerMeters: 881_200 } }]); // accuracy 0: no fix
    const off = report(
      "+RESP:GTIGF,270302,867162025085234,,3519,0,0.0,92,111.2,-116.867638,32.450321," + "20180327070835,0334,0020,2B24,52CC3DE,00,,243.1,20180327070837,2A98$",
    );
    expect(last(off)!.io.ignition).toBe(false);
    const located = report(
      "+RESP:GTIGF,8020050502,867488060278727,,509,1,0.0,184,32.6,14.003446,42.654554," + "20240219124629,0222,0001,0FAD,0497F715,00,,0.0,20240219124630,FD2F$",
    );
    expect(last(located)).toMatchObject({ time: new Date("2024-02-19T12:46:29Z"), io: { ignition: false, gpsOdometerMeters: 0 } });
    expect(
      last(
        report(
          "+RESP:GTIGL,270302,867162025085234,,,01,1,1,0.0,92,111.2,-116.867638,32.450321," +
            "20180327070838,0334,0020,2B24,52CC3DE,00,243.1,20180327070839,2A9A$",
        ),
      )!.io.ignition,
    ).toBe(true);
    expect(
      last(
        report(
          "+BUFF:GTIGL,060228,862894020180553,,,00,1,1,3.4,199,409.6,-63.174466,-17.739317," +
            "20170407121823,0000,0000,0000,0000,00,15989.5,20170407081824,9606$",
        ),
      )!.io.ignition,
    ).toBe(false);
    expect(
      last(
        report("+RESP:GTSTT,060228,862894020178276,,21,0,0.0,0,411.3,-63.169745,-17.776330,20160319132220," + "0736,0003,6AD4,5BAA,00,20160319092223,1FBD$"),
      )!.io.ignition,
    ).toBe(true);
    expect(
      report("+RESP:GTSTT,1A0401,860599000508846,,41,0,0.0,84,107.5,-76.657998,39.497203,20150623160622," + "0310,0260,B435,3B81,,20150623160622,0F54$")
        .records,
    ).toEqual([]);
    expect(
      last(
        report("+RESP:GTINF,C20113,869653060997976,,1A,89148000005959187498,15,0,1,12584,,4.08,0,1,,," + "20240107182609,,,,,,+0000,0,20240107182612,06D6$"),
      ),
    ).toEqual({ time: NOW, io: { ignition: false } });
  });

  it("decodes GTOBD's engine values: voltage, RPM, ECU speed, coolant, load, the OBD odometer", () => {
    const message = report(
      "+RESP:GTOBD,1F0109,864251020135483,4T1BE46KX7U018210,gv500,0,78FFFF,4T1BE46KX7U018210,1," +
        "13411,981B81C0,787,3,43,,921,463,1,10,0300030103030304001200310351035203530354,20,55,," +
        "1286,0,6.5,74,21.6,3.379710,6.529714,20150813074824,0621,0030,51C0,A2B3,00,0.0," +
        "20150813074828,A7E9$",
    );
    expect(message.records).toEqual([
      {
        time: NOW,
        io: {
          externalVolts: 13.411,
          engineRpm: 787,
          ecuSpeedKmh: 3,
          coolantCelsius: 43,
          engineLoadPercent: 55,
          fuelPercent: undefined,
          odometerMeters: 1_286_000,
        },
      },
    ]);
    const other = report(
      "+RESP:GTOBD,360201,864251020186064,4T1BE46KX7U018210,,0,19FFFF,4T1BE46KX7U018210,1,14283," +
        "983901C0,799,36,18,,33792,0,0,0,,,38,,6,53557,0,0.0,0,219.5,-76.661456,39.832588," +
        "20160507132153,20160507132154,0230$",
    );
    expect(last(other)!.io).toMatchObject({ engineRpm: 799, ecuSpeedKmh: 36, coolantCelsius: 18, odometerMeters: 53_557_000 });
  });

  it("decodes the alarms (SOS, overspeed, power, battery, jamming…) and harsh behaviour as its record's driving event", () => {
    const alarms: [string, string[]][] = [
      ["+RESP:GTSOS,020102,135790246811220,,0,0,1,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,,20090214093254,11F0$", ["sos"]],
      ["+RESP:GTPNA,F50201,866425030235982,GL300M,20190208124909,0BD5$", ["powerOn"]],
      ["+RESP:GTPFA,F50201,866425030235982,GL300M,20190208124849,0BD4$", ["powerOff"]],
      [
        "+RESP:GTMPN,450102,865084030001323,gb100,0,1.6,0,-93.1,121.393023,31.164105," + "20170619103113,0460,0000,1806,2142,00,20170619103143,0512$",
        ["powerRestored"],
      ],
      ["+RESP:GTBPL,110100,358688000000158,,3.53,0,4.3,92,70.0,121.354335,31.222073,20110214013254,0460,0000,18d8,6141,,20110214093254,001F$", ["lowBattery"]],
      ["+RESP:GTJDR,0A0102,135790246811220,,0,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,20090214093254,11F0$", ["jamming"]],
      ["+RESP:GTSWG,110100,358688000000158,,1,0,2.1,0,27.1,121.390717,31.164424,20110901073917,0460,0000,1878,0873,,20110901154653,0015$", ["geofence"]],
      ["+RESP:GTTEM,1A0102,860599000000448,,3,33,0,5.8,0,33.4,117.201191,31.832502,20130109061410,0460,0000,5678,2079,,20130109061517,0091$", ["temperature"]],
      ["+RESP:GTRTL,210102,A10000499AEF9B,,0,0,1,10,0.2,0,305.4,-76.902274,39.578517,20161101155001,,,,,00,73,20161101155001,00A6$", []],
      ["+RESP:GTDOG,020102,135790246811220,,0,0,1,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,2000.0,20090214093254,11F0", []],
    ];
    for (const [frame, expected] of alarms) expect(report(frame).alarms, frame).toEqual(expected);
    const sos = report(
      "+RESP:GTSOS,DF0200,868487004358800,cv100,,00,1,1,0.0,0,138.0,114.015465,22.537372," +
        "20210714115224,0460,0001,25F8,061A7D02,,,20210714195224,20210714195224,03A6$",
    );
    expect(last(sos)!.fix).toMatchObject({ latitude: 22.537372, longitude: 114.015465 });
    expect(sos.zoneMinutes).toBe(480);
    const events = [
      [
        "+RESP:GTHBM,0F0100,135790246811220,,,10,1,1,4.3,92,70.0,121.354335,31.222073," + "20090214013254,0460,0000,18d8,6141,00,2000.0,20090214093254,11F0$",
        "harshBraking",
      ],
      [
        "+RESP:GTHBM,0F0100,135790246811220,,,11,1,1,24.3,92,70.0,121.354335,31.222073," + "20090214013254,0460,0000,18d8,6141,00,2000.0,20090214093254,11F0$",
        "harshAcceleration",
      ],
      [
        "+RESP:GTHBM,BD0214,869409069481243,cv100,,12,1,1,5.6,344,274.7,-1.601826,6.666228," +
          "20250114094616,0620,0001,3EE8,00016E04,,,20250114094616,20250114094616,2862$",
        "harshCornering",
      ],
    ];
    for (const [frame, kind] of events) expect(last(report(frame))!.events, frame).toEqual([{ kind }]);
  });

  it("decodes the heartbeat (answered +SACK:GTHBD) and command acknowledgements (no answer); GT300 frames without a protocol version", () => {
    const heartbeat = decode("+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$");
    expect(heartbeat).toEqual({ type: "heartbeat", imei: "135790246811220", messageKind: "GTHBD", version: "1A0401", count: "11F0" });
    expect(queclinkAnswer(heartbeat)).toBe("+SACK:GTHBD,1A0401,11F0$");
    const ack = decode("+ACK:GTRTO,1A0800,860599000773978,GL300,VER,FFFF,20161006053520,0C19$");
    expect(ack).toEqual({ type: "ack", imei: "860599000773978", messageKind: "GTRTO answer", kind: "RTO" });
    expect(queclinkAnswer(ack)).toBeNull();
    expect(decode("+ACK:GTGEO,1A0102,135790246811220,,0,0008,20100310172830,11F0")).toMatchObject({ type: "ack" });
    expect(
      report("+RESP:GTFRI,210102,A10000458356CE,,0,1,1,15,1.4,0,190.6,-85.765763,42.894896," + "20160208164505,4126,210,0,18673,00,92,20160208164507,00A6"),
    ).toMatchObject({
      imei: "A10000458356CE",
    });
    const gt300 = report(
      "+RESP:GTTRI,862370030005908,1,0,99,1,0.0,354,18.5,18.821100,-34.084002,20170607152024," + "0655,0001,00DD,1CAE,00,0103010100,20170607172115,3E7D$",
    );
    expect(gt300).toMatchObject({ imei: "862370030005908", zoneMinutes: 120 });
  });

  it("decodes every published frame of the text form, refuses what is not a Queclink message", () => {
    const frames = [
      "+RESP:GTERI,4F0D06,865585041396684,,00000100,12665,10,1,1,0.0,342,38.6,49.846792," +
        "40.426182,20260220064016,0400,0010,0F6E,08D7,00,0.0,,,,100,110000,,0,20260220064016,91C9$",
      "+RESP:GTERI,6E0A03,868589060745174,,00000100,,10,1,1,0.0,0,1509.0,-90.544928,14.584461," +
        "20250307182819,0704,0001,13A7,000B60AB,01,12,358.6,,,,,100,1A0000,0,2,00,6,5,0E7109BB," +
        "283F,SENTEMP1,7805412CF2DD,1,3466,24,36,24.91,100,01,6,2,,083F,SENTEMP2,7805412CF25C,0,,,," +
        ",20250307182820,1ABC$",
      "+RESP:GTERI,250C02,868789023691057,,00000019,,10,1,1,0.0,196,2258.0,-99.201807,19.559242," +
        "20180214002957,0334,0003,235B,7F8D,00,6786.7,,,,100,110000,1,0394,1,4,100.0,100.0," +
        "20180214003006,C72B$",
      "+RESP:GTFRI,423037,866884047716519,GT501,0,1,1,5,12,0.1,0,46.8,-95.559173,30.109955," +
        "20231110185836,6,0e36c9916485,-50,,,,e831cd5eb79d,-73,,,,ccf4110c4bd5,-79,,,,acdb48973168," +
        "-79,,,,80ab4dc323c4,-82,,,,ec8eb5cfa1c6,-89,,,,310,10,711D,81ECF0F,00,,93,20231110185839," +
        "0005$",
      "+RESP:GTIDA,060228,862894020178276,,,01C68011010000C7,1,1,0,0.0,0,413.0,-63.169675," +
        "-17.776349,20160317222129,0736,0003,6AD4,32CF,00,34.9,,,,,20160317182130,1626$",
      "+RESP:GTLBS,660400,863574046265138,GL50BLITE,0,0,92,,2,,,0000,0204,0008,0cee,b951,18,," +
        "0204,0008,0cee,cd83,15,,0204,0008,0cee,3994,13,,,,,,,,,,,,,,,,,,,,0204,0008,0cee,d071,11,," +
        "20240826085102,00C6$",
      "+RESP:GTCAN,310603,863286023335723,gv65,00,1,C03FFFFF,,0,,719601.00,,,,,,,,,,,,,,,,,,,,,0," +
        "0.0,0,33.7,8.000000,52.000000,20171214,0262,0002,1450,9F13,00,20171215032411,1600$",
      "+RESP:GTINF,359464030073766,8938003990320469804f,18,99,100,1,0,+2.00,0,20131018084015,00EE,0103090402",
      "+RESP:GTVER,1A0800,860599000773978,GL300,GL300,0A03,0103,20161007041531,10F8$",
      "+BUFF:GTFRI,2E0503,861106050005423,,,0,1,,,,,,,,,,,,0,0,,98,1,0,,,20200101000001,0083$",
      "+BUFF:GTSTC,410301,864802030022424,,,0,,,,,,,0228,0002,4EE8,1BFF489,00,20181207134332,EC90$",
    ];
    for (const frame of frames) expect(() => decode(frame), frame).not.toThrow();
    expect(() => decode("+RESP:GTFRI,060228,12345,,,10,1,1,3.4,199,409.6,-63.174466,-17.739317,20170407121823,,,,,,,20170407081824,9607$")).toThrow(FrameError);
    expect(() =>
      decode("+RESP:GTFRI,060228,862894020180553,,,10,1,1,3.4,400,409.6,-63.174466,-17.739317," + "20170407121823,,,,,,,20170407081824,9607$"),
    ).toThrow(FrameError); // azimuth
    expect(() =>
      decode("+RESP:GTFRI,060228,862894020180553,,,10,1,1,3.4,199,409.6,-63.174466,-17.739317," + "20171307121823,,,,,,,20170407081824,9607$"),
    ).toThrow(FrameError); // month 13
    expect(() => decode("GET / HTTP/1.1")).toThrow(FrameError);
  });

  it("frames at $, across line ends, and refuses the binary form and garbage", () => {
    const stream = Buffer.from("+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$\r\n+RESP:GTPNA,F50201,866425030235982,GL300M,2019");
    expect(queclinkFrameLength(stream)).toBe(55);
    expect(queclinkFrameLength(stream.subarray(55))).toBe(2);
    expect(decode(stream.subarray(55, 57).toString())).toEqual({ type: "empty" });
    expect(queclinkFrameLength(stream.subarray(57))).toBeNull();
    expect(queclinkFrameLength(Buffer.alloc(0))).toBeNull();
    expect(() => queclinkFrameLength(Buffer.from("+EVT\u0000\u0001\u0002\u0003"))).toThrow(FrameError);
    expect(() => queclinkFrameLength(Buffer.from("+ACK\u0001\u0002\u0003"))).toThrow(FrameError);
    expect(() => queclinkFrameLength(Buffer.from("GET / HTTP/1.1"))).toThrow(FrameError);
    expect(() => queclinkFrameLength(Buffer.from(`+RESP:GTFRI,${"1".repeat(5_000)}`))).toThrow(FrameError);
  });
});
