import { describe, expect, it } from "vitest";
import { FrameError } from "@/lib/ingestion/trackers/frame-reader";
import { decodeGps103Frame, gps103Answer, gps103FrameLength, type Gps103Message } from "@/lib/ingestion/trackers/gps103-codec";
import { decodeH02Frame, h02Answer, h02FrameLength, type H02Message } from "@/lib/ingestion/trackers/h02-codec";
import { parseDegreesMinutes } from "@/lib/ingestion/trackers/text-frames";

/**
 * Real frames of H02 and GPS103 devices, as published with Traccar's decoder tests (src/test/java/org/traccar/protocol,
 * H02ProtocolDecoderTest and Gps103ProtocolDecoderTest): the expected values are read off each frame by hand.
 */
const NOW = new Date("2026-01-01T00:00:00Z");
const h02 = (text: string) => decodeH02Frame(Buffer.from(text), NOW);
const gps103 = (text: string) => decodeGps103Frame(Buffer.from(text), NOW);
const recordOf = (message: H02Message | Gps103Message) => ("record" in message ? message.record : null);

describe("text fields", () => {
  it("reads degrees and minutes in each form the devices write, signed by hemisphere", () => {
    expect(parseDegreesMinutes("3542.2043", "N", 90)).toBeCloseTo(35.7034, 4);
    expect(parseDegreesMinutes("38.6508", "W", 180)).toBeCloseTo(-0.64418, 5);
    expect(parseDegreesMinutes("-23-29.0095", "S", 90)).toBeCloseTo(-23.48349, 5);
    expect(parseDegreesMinutes("37573392", "S", 90)).toBeCloseTo(-37.95565, 5);
    expect(parseDegreesMinutes("145037022", "E", 180)).toBeCloseTo(145.0617, 5);
    expect(parseDegreesMinutes("", "N", 90)).toBeNull();
    expect(() => parseDegreesMinutes("9961.0000", "N", 90)).toThrow(FrameError);
    expect(() => parseDegreesMinutes("12ab", "N", 90)).toThrow(FrameError);
  });
});

describe("H02 decoder (real frames)", () => {
  it("decodes V1 positions: UTC time and date, degrees and minutes, knots, course, the status bits (ACC bit 10)", () => {
    const message = h02("*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#");
    expect(message).toMatchObject({ type: "position", imei: "4210051415", kind: "V1", alarms: [] });
    const record = recordOf(message)!;
    expect(record.time.toISOString()).toBe("2015-12-22T16:45:49.000Z");
    expect(record.fix!.latitude).toBeCloseTo(9.93978, 5);
    expect(record.fix!.longitude).toBeCloseTo(-84.11178, 5);
    expect(record.io.ignition).toBe(false);

    const moving = recordOf(h02("*HQ,353588020068342,V1,084436,A,3257.01525,N,00655.03865,W,57.78,40,011216,FFFBFFFF,25c,a, 154,b04c#"))!;
    expect(moving.fix!.speedKmh).toBeCloseTo(57.78 * 1.852, 5);
    expect(moving.fix!.heading).toBe(40);
    expect(moving.io.ignition).toBe(true);

    const south = recordOf(h02("*HQ,1451316409,V1,030149,A,-23-29.0095,S,-46-51.5852,W,2.4,065,070315,FFFFFFFF#"))!;
    expect(south.time.toISOString()).toBe("2015-03-07T03:01:49.000Z");
    expect(south.fix!.latitude).toBeCloseTo(-23.48349, 5);
    expect(south.fix!.longitude).toBeCloseTo(-46.85975, 5);

    const packed = recordOf(h02("*HQ,5905101893,V1,105759,A,37573392,S,145037022,E,000.00,173,280122,FF7FFBFF,,,9059e2c,8232,4#"))!;
    expect(packed.fix!.latitude).toBeCloseTo(-37.95565, 5);
    expect(packed.fix!.longitude).toBeCloseTo(145.0617, 4);
  });

  it("decodes the variants, V4 answers, NBR, LINK and V3 status messages and heartbeats", () => {
    const v8 = recordOf(h02("*HQ,9001000002,V8,213945,A,3542.2043,N,38.6508,W,0.00,170,221025,FBFFF9FF,0,0,0,0,22,31,126,0#"))!;
    expect(v8.fix!.latitude).toBeCloseTo(35.7034, 4);
    expect(v8.fix!.longitude).toBeCloseTo(-0.64418, 5);
    expect(h02("*HQ,353505221264507,V2,100220,0,5238.26259,N,00507.33983,E,0.25,0,280917,FFFFFFFF,cc,28,  db,d75b#")).toMatchObject({ type: "position" });
    expect(recordOf(h02("*HQ,4210209006,V1,054048,A,2828.2297,N,07733.4332,E,000.5,047,4,080918,EEE7FBDF,4261193,0#"))!.time.toISOString()).toBe(
      "2018-09-08T05:40:48.000Z",
    ); // a battery field before the date
    const answer = h02("*TH,2020916012,V4,S20,DONE,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,F7FFFBFF#");
    expect(answer).toMatchObject({ type: "position", kind: "V4" });
    expect(recordOf(answer)!.time.toISOString()).toBe("2002-09-22T05:03:16.000Z");
    expect(recordOf(h02("*TH,2020916012,V4,S14,100,10,1,3,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF#"))!.fix!.latitude).toBeCloseTo(
      22.21458,
      4,
    );
    // SOS and power cut are bits that read 0 when raised.
    expect(h02("*HQ,4210209006,V1,201812,A,2608.9437,N,08016.2521,W,000.80,000,150317,EFE7F9FF,310,260,0,0,6#")).toMatchObject({ alarms: ["powerCut"] });
    expect(h02("*HQ,353505220903211,V1,075228,A,5227.5039,N,01032.8443,E,0.00,0,231013,FFFBFFFF,106,14, 201,2173#")).toMatchObject({ alarms: ["sos"] });

    const nbr = h02(
      "*HQ,4109179024,NBR,103732,722,310,0,6,8106,32010,23,8101,22007,25,8106,12010,23,8106,22105,22,8101,22012,16,8106,42010,5,100217,FFFFFBFF,5#",
    );
    expect(nbr).toMatchObject({ type: "status", kind: "NBR" });
    expect(recordOf(nbr)).toEqual({ time: new Date("2017-02-10T10:37:32Z"), io: { ignition: false } });
    expect(recordOf(h02("*HQ,1451316451,NBR,112315,724,10,2,2,215,2135,123,215,2131,121,011215,FFFFFFFF#"))!.io.ignition).toBe(true);
    expect(recordOf(h02("*HQ,1400046168,NBR,160169,460,0,1,4,9338,3692,150,9338,3691,145,9338,3690,140,9338,3692,139,180813,FFFFFBFF#"))!.time).toEqual(NOW);
    expect(recordOf(h02("*HQ,1700086468,LINK,180902,15,0,84,0,0,240517,FFFFFBFF#"))!.time.toISOString()).toBe("2017-05-24T18:09:02.000Z");
    expect(h02("*HQ,353111080001055,V3,044855,28403,01,001450,011473,158,-62,0292,0,X,030817,FFFFFBFF#")).toMatchObject({ type: "status", kind: "V3" });
    expect(h02("*HQ,135790246811220,HTBT,100#")).toEqual({ type: "heartbeat", imei: "135790246811220", kind: "HTBT" });
    expect(h02("*HQ,135790246811220,HTBT#")).toMatchObject({ type: "heartbeat" });
  });

  it("keeps no fix when the device has none (V, empty or zero coordinates), and the arrival time when it has no date", () => {
    const invalid = recordOf(h02("*HQ,9180271064,V5,091233,V,2348.8912,N,09021.3302,E,000.00,000,051219,FFFFBBFF,470,01,21019,2033,2921283#"))!;
    expect(invalid.fix).toBeUndefined();
    expect(invalid.time.toISOString()).toBe("2019-12-05T09:12:33.000Z");
    const empty = recordOf(h02("*HQ,353505510948929,V1,,V,,N,,E,0.00,0,,FFFFF7FF,f0,a,11a0,c0c6#"))!;
    expect(empty).toEqual({ time: NOW, io: { ignition: true } });
    expect(recordOf(h02("*HQ,353588020068342,V1,000000,V,0.0000,0,0.0000,0,0.00,0.00,000000,ffffffff,000106,000002,000203,004c87,16#"))!.fix).toBeUndefined();
  });

  it("decodes every published frame of the text form or refuses it with a FrameError", () => {
    const frames = [
      "*HQ,3177718238,V6,002926,V,3514.4088,N,9733.2842,W,0.00,0.00,151222,FFF7FBFF,310,260,32936,13641,8944501311217563382F,#",
      "*HQ,4970105243,V1,104000,A,2235.1777,N,11357.8913,E,000.27,235,130721,FFFFFBFF,460,11,d18e105,7752,6#",
      "*HQ,865205035331981,V1,132926,A,1935.3933,N,07920.4134,E,  3.34,342,280519,FFFFFFFF#",
      "*HQ,353505221264507,VI1,075146,0,5238.25900,N,00507.33429,E,0.54,0,250917,FFFFFFFF,cc,28,  db,d75b#",
      "*HQ,4209951296,V19,214452,A,5201.0178,N,01830.5029,E,000.00,000,200417,,195.63.13.195,89480610500392633029,BFFFFBFF#",
      "*HQ,8161289587,V1,181933,A,5444.3994,N,02516.3844,E,000.05,000,090317,FFFFBBFF,246,03,00002,41565#",
      "*HQ,2130510938,V1,012632,A,0520.0663,N,10028.6324,E,0.286,023,100317,FFFFDFFF,69129336,0,100.0,18,5141,5A20#",
      "*HQ,4106012736,V1,224434,A,1827.3855,N,06705.7577,W,000.00,000,100117,FFFFFBFF,310,260,49101,1753,5#",
      "*HQ,355488020119695,V1,050418,,2827.61232,N,07703.84822,E,0.00,0,031015,FFFEFBFF#",
      "*HQ,3800008786,V1,062507,V,3048.2437,N,03058.5617,E,000.00,000,250413,FFFFFBFF#",
      "*HQ,123456789012345,V1,155850,A,5214.5346,N,2117.4683,E,0.00,270.90,131012,ffffffff,000000,000000,000000,000000#",
      "*HQ,354188045498669,V1,195200,A,701.8915,S,3450.3399,W,0.00,205.70,050213,ffffffff,000243,000000,000000#",
      "*TH,2020916012,V1,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF#\r\n",
      "*HQ,356823035368767,V1,083618,A,0955.6392,N,07809.0796,E,0.00,0,070414,FFFBFFFF,194,3b5,  71,c9a9#",
      "*HQ,8401016597,BASE,152609,0,0,0,0,211014,FFFFFFFF#",
      "*hq,356327080425330,VP1,A,2702.7245,S,15251.9311,E,0.48,0.0000,080917#",
      "*HQ,5226073533,SMS,ST906(70SACD)_TQ_V_2.0 2024/06/07\nID:5226073533\nIP:1.2.3.4 5013\nGSM:26#",
    ];
    for (const frame of frames) expect(() => h02(frame), frame).not.toThrow();
    expect(h02("*HQ,8401016597,BASE,152609,0,0,0,0,211014,FFFFFFFF#")).toMatchObject({ type: "other" });
    expect(() => h02("*HQ,,V1,173212,A,2225.78879,S,02829.19021,E,0.00,0,290418,FFFFFBFF#")).toThrow(FrameError); // no device id
    expect(() => h02("*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,321315,FFFFFBFF#")).toThrow(FrameError); // no 32nd
  });

  it("frames at #, across line ends, and refuses garbage", () => {
    const two = Buffer.from("*HQ,135790246811220,HTBT#\r\n*HQ,135790246811220,HTBT,100#");
    expect(h02FrameLength(two)).toBe(25);
    // The line ends are a frame of their own, so none waits for the next message.
    expect(h02FrameLength(two.subarray(25))).toBe(2);
    expect(h02(two.subarray(25, 27).toString())).toEqual({ type: "empty" });
    expect(h02FrameLength(two.subarray(27))).toBe(two.length - 27);
    expect(h02FrameLength(Buffer.alloc(0))).toBeNull();
    expect(h02FrameLength(Buffer.from("*HQ,1357902468"))).toBeNull();
    expect(() => h02FrameLength(Buffer.from("GET / HTTP/1.1"))).toThrow(FrameError);
    expect(() => h02FrameLength(Buffer.from(`*HQ,${"1".repeat(3_000)}`))).toThrow(FrameError);
  });

  it("answers V1 and NBR with V4 and the server's time, echoes heartbeats, and answers nothing else", () => {
    const at = new Date("2026-03-04T05:06:07Z");
    expect(h02Answer(h02("*HQ,2705171109,V1,213324,A,5002.5849,N,01433.7822,E,0.00,000,140613,FFFFFFFF#"), at)).toBe("*HQ,2705171109,V4,V1,20260304050607#");
    expect(h02Answer(h02("*HQ,1451316451,NBR,112315,724,10,2,2,215,2135,123,215,2131,121,011215,FFFFFFFF#"), at)).toBe("*HQ,1451316451,V4,NBR,20260304050607#");
    expect(h02Answer(h02("*HQ,135790246811220,HTBT,100#"), at)).toBe("*HQ,135790246811220,HTBT#");
    expect(h02Answer(h02("*HQ,1700086468,LINK,180902,15,0,84,0,0,240517,FFFFFBFF#"), at)).toBeNull();
  });
});

describe("GPS103 decoder (real frames)", () => {
  it("decodes the login and the heartbeat, answered LOAD and ON", () => {
    const login = gps103("##,imei:359586015829802,A;");
    expect(login).toEqual({ type: "login", imei: "359586015829802", messageKind: "login" });
    expect(gps103Answer(login)).toBe("LOAD");
    const heartbeat = gps103("359586015829802;");
    expect(heartbeat).toEqual({ type: "heartbeat", imei: "359586015829802", messageKind: "heartbeat" });
    expect(gps103Answer(heartbeat)).toBe("ON");
  });

  it("turns the local date into UTC with the UTC time of day, across midnight", () => {
    const same = recordOf(gps103("imei:359710045559474,tracker,151030080103,,F,000101.000,A,5443.3834,N,02512.9071,E,0.00,0;"))!;
    expect(same.time.toISOString()).toBe("2015-10-30T00:01:01.000Z");
    expect(same.fix!.latitude).toBeCloseTo(54.72306, 5);
    expect(same.fix!.longitude).toBeCloseTo(25.21512, 5);
    const before = recordOf(gps103("imei:359710049092324,tracker,151027025958,,F,235957.000,A,2429.5156,N,04424.5828,E,0.01,27.91,,0,0,,,;"))!;
    expect(before.time.toISOString()).toBe("2015-10-26T23:59:57.000Z");
    expect(before.io.ignition).toBe(false);
    const west = recordOf(gps103("imei:866989771979791,tracker,140527055653,,F,215653.00,A,5050.33113,N,00336.98783,E,0.066,0"))!;
    expect(west.time.toISOString()).toBe("2014-05-26T21:56:53.000Z");
    expect(
      recordOf(gps103("imei:865328021058861,tracker,151027041419,,F,011531.000,A,6020.2979,N,02506.1940,E,0.49,113.30,,0,0,0.0%,,;"))!.time.toISOString(),
    ).toBe("2015-10-27T01:15:31.000Z");
    expect(recordOf(gps103("imei:359710040656622,tracker,13/02/27 23:40,,F,125952.000,A,3450.9430,S,13828.6753,E,0.00,0"))!.time.toISOString()).toBe(
      "2013-02-27T12:59:52.000Z",
    );
  });

  it("decodes speed in knots, course, altitude and the ACC field; hemispheres before, after or missing", () => {
    const record = recordOf(gps103("imei:760112011448012,001,2001151918,,F,191833.000,A,6136.6174,N,2126.9901,E,0.00,202.6,-0.1,1,,,,20;"))!;
    expect(record.fix).toMatchObject({ heading: 202.6, altitude: -0.1, speedKmh: 0 });
    expect(record.io.ignition).toBe(true);
    const fast = recordOf(gps103("imei:359710049090138,tracker,160629022948,,F,182949.000,A,4043.8839,N,11328.8029,W,65.26,271.82,,1,0,31.37%,51442,;"))!;
    expect(fast.fix!.speedKmh).toBeCloseTo(65.26 * 1.852, 5);
    expect(fast.fix!.longitude).toBeCloseTo(-113.48005, 5);
    const before = recordOf(gps103("imei:353552045403597,tracker,150420050648,53.0,F,0.0,A,N,5306.64155,E,00700.77848,0.0,,1.0,;"))!;
    expect(before.fix).toMatchObject({ altitude: 1 });
    expect(before.fix!.latitude).toBeCloseTo(53.11069, 5);
    expect(before.time.toISOString()).toBe("2015-04-20T05:06:48.000Z"); // no UTC time of day: the local time as given
    expect(recordOf(gps103("imei:012497000208821,tracker,1301072224,,F,142411.077,A,2227.0739,S,06855.2912,,0,0,"))!.fix!.longitude).toBeCloseTo(68.92152, 5);
  });

  it("names the alarm keywords, stores acc on / acc off as the ignition, and answers an SOS", () => {
    const keywords: [string, string | null][] = [
      ["imei:359586015829802,help me,0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,", "sos"],
      ["imei:359586015829802,low battery,0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,", "lowBattery"],
      ["imei:359586015829802,stockade,0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,", "geofence"],
      ["imei:359586015829802,move,0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,", "movement"],
      ["imei:359586015829802,speed,0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,", "overspeed"],
      ["imei:862106021237716,ac alarm,1611291645,,F,204457.000,A,1010.2783,N,06441.0274,W,0.00,,;", "powerCut"],
      ["imei:353451044508750,bonnet alarm,0809231929,,F,055403.000,A,2233.1870,N,11354.3067,E,0.00,,;", "bonnet"],
      ["imei:353451044508750,footbrake alarm,0809231929,,F,055403.000,A,2233.1870,N,11354.3067,E,0.00,,;", "footBrake"],
      ["imei:353451044508750,DTC,0809231929,,F,055403.000,A,2233.1870,N,11354.3067,E,0.00,30.1,,1,0,10.5%,P0021,;", "fault"],
      ["imei:865456055519122,sensor alarm,2208011920,,L,;", "vibration"],
      ["imei:868683026321020,tracker,181217080106,,F,080102.000,A,3227.3057,N,11649.4754,W,0.00,0,,0,0,0.00%,0,+11;", null],
    ];
    for (const [frame, alarm] of keywords) expect(gps103(frame), frame).toMatchObject({ type: "report", alarm });
    expect(recordOf(gps103("imei:864180036029895,acc on,180508145653,,F,065645.000,A,4729.1497,N,01904.2342,E,0.00,0,,1,,0.00%,,;"))!.io.ignition).toBe(true);
    expect(recordOf(gps103("imei:865328023776874,acc off,150619152221,,F,072218.000,A,5439.8489,N,02518.5945,E,0.00,,,1,1,0.0,0.0,23.0,;"))!.io.ignition).toBe(
      false,
    );
    const sos = gps103("imei:359710049075097,help me,,,L,,,113b,,558f,,,,,0,0,,,");
    expect(recordOf(sos)).toBeNull(); // cell ids, no fix
    expect(gps103Answer(sos)).toBe("**,imei:359710049075097,E;");
  });

  it("reports the accident alarm as a crash event of its record (stored as a safety event), fix or not", () => {
    const located = recordOf(gps103("imei:359586015829802,accident alarm,0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,"))!;
    expect(located).toMatchObject({ fix: { speedKmh: 0 }, events: [{ kind: "crash" }] });
    expect(recordOf(gps103("imei:865456055519122,accident alarm,2208011920,,L,;"))).toMatchObject({ time: NOW, events: [{ kind: "crash" }] });
    expect(recordOf(gps103("imei:359586015829802,help me,0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,"))!.events).toBeUndefined();
  });

  it("decodes OBD reports (ECU speed, RPM, voltage), a heartbeat joined to a report, and reports without a fix", () => {
    expect(recordOf(gps103("imei:862106025092216,OBD,170605095949,195874,,370.8,808,066,30.0%,+87,13.0%,02444,14.3,,,,;"))).toEqual({
      time: NOW,
      io: { ecuSpeedKmh: 66, engineRpm: 2444, externalVolts: 14.3 },
    });
    const joined = gps103("359769031878322imei:359769031878322,tracker,1602160718,2,F,221811.000,A,1655.2193,S,14546.6722,E,0.00,,");
    expect(recordOf(joined)!.time.toISOString()).toBe("2016-02-15T22:18:11.000Z");
    expect(gps103Answer(joined)).toBe("ON");
    for (const frame of ["imei:359586015829802,tracker,000000000,13554900601,L,;", "imei:863070016871385,tracker,0000000119,,L,,,0FB6,,CB5D,,,"])
      expect(recordOf(gps103(frame))).toBeNull();
    expect(gps103Answer(gps103("imei:359586015829802,tracker,000000000,13554900601,L,;"))).toBeNull();
  });

  it("frames at ; or a line end and refuses what is not the protocol", () => {
    const stream = Buffer.from("##,imei:359586015829802,A;359586015829802;\r\nimei:1");
    expect(gps103FrameLength(stream)).toBe(26);
    expect(gps103FrameLength(stream.subarray(26))).toBe(16);
    expect(gps103FrameLength(stream.subarray(42))).toBe(2); // the line end: an empty message
    expect(gps103(stream.subarray(42, 44).toString())).toEqual({ type: "empty" });
    expect(gps103FrameLength(stream.subarray(44))).toBeNull();
    expect(() => gps103FrameLength(Buffer.alloc(3_000, 0x31))).toThrow(FrameError);
    expect(() => gps103("GET / HTTP/1.1\r\n")).toThrow(FrameError);
    expect(() => gps103("imei:35958601582980x,tracker,;")).toThrow(FrameError);
    expect(() => gps103("imei:359586015829802,tracker,151330080103,,F,000101.000,A,5443.3834,N,02512.9071,E,0.00,0;")).toThrow(FrameError); // month 13
  });
});
