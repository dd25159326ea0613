import { describe, expect, it } from "vitest";
import { FrameError } from "@/lib/ingestion/trackers/frame-reader";
import { decodeMeitrackFrame, meitrackAnswer, meitrackFrameLength, type MeitrackMessage } from "@/lib/ingestion/trackers/meitrack-codec";

/**
 * Real frames of Meitrack devices (MVT340/380 and T1 CCC batches; T333, T366, T355, T399, P99 … AAA text reports and
 * CCE batches), as published with Traccar's decoder tests (src/test/java/org/traccar/protocol/MeitrackProtocolDecoderTest),
 * the text ones with the CR LF their length counts; the expected values are read off each frame by hand. Frames whose
 * published checksum does not match their bytes (edited by hand there) are left out, but for the one AFF report.
 */
const text = (frame: string) => Buffer.from(`${frame}\r\n`, "latin1");
const hex = (frame: string) => Buffer.from(frame, "hex");
const decode = (frame: Buffer) => {
  const message = decodeMeitrackFrame(frame);
  if (!message) throw new Error("no message");
  return message;
};
/** A frame of `tail` (from its first comma up to its `*`) with the length and checksum it needs. */
const sealed = (flag: string, tail: string) => {
  const body = `$$${flag}${tail.length + 5}${tail}*`;
  const sum = [...Buffer.from(body, "latin1")].reduce((total, byte) => (total + byte) & 0xff, 0);
  return text(`${body}${sum.toString(16).toUpperCase().padStart(2, "0")}`);
};
const only = (message: MeitrackMessage) => {
  expect(message.records).toHaveLength(1);
  return message.records[0];
};

const AAA = {
  ignitionOn:
    "$$V177,863835026871173,AAA,35,34.516428,10.470160,170915154043,A,9,12,68,74,0.9,9,1988259,525882,605" +
    "|2|008C|0007B5A6,0200,0003|0000|0000|01A6|0571,00000001,,3,0000,010A92,360,511*74",
  sos:
    "$$T143,869013024733944,AAA,1,18.459575,-69.947161,170220142912,A,5,15,10,300,1.6,115,3989,187884,370" + "|2|5337|2B2C,0100,0000|0000|0000|0964|0B04,,*C2",
  decimalAnalog:
    "$$D149,867047043162018,AAA,35,-1.264865,36.800705,211001105240,A,9,20,41.0,323,1,1697,1,0,000|00||,0" +
    "000,4.33|12.96|1.92|2.72|2.69,0.000000|0|0.000000,*E1",
  fuel:
    "$$G145,862106024274815,AAA,35,-1.287125,36.906061,150530054639,A,10,13,12,67,0.8,1621,38359791,42330" +
    "881,639|2|FB2|2F3,0000,3|0|0|A58|432,,,1,0009,*26",
  noFix: "$$B136,011691002364761,AAA,29,47.055220,28.893193,170914144240,V,0,7,0,0,0,132,129754946,129793197,2" + "59|2|02F8|413F,0000,000D|000C||028C|,*9E",
  input4:
    "$$F153,867144025101013,AAA,35,25.219431,55.279918,200916155923,V,0,25,0,0,0.0,0,249701532,98374503,4" +
    "24|2|101C|A3AE,0800,0000|0000|0000|02D3|0103,00000011,*A0",
};

/** The rest of the published text frames whose checksums hold: IMEI, event, time, and the fix when valid. */
const MORE_AAA: [string, string, string, string, [number, number] | null][] = [
  [
    "$$O160,863835028611502,AAA,35,7.887840,98.375193,200202020238,A,12,4,0,279,0.6,45,32121,442492,520|3" +
      "|12DF|015273E2,0000,0000|0000|0000|018D|04F0,00000001,,1,0000*F3",
    "863835028611502",
    "trackByTime",
    "2020-02-02T02:02:38Z",
    [7.88784, 98.375193],
  ],
  [
    "$$^182,864507031245110,AAA,109,13.844553,100.644360,171227173141,A,11,19,0,359,0.8,8,15075,934591,52" +
      "0|4|0643|07D20555,8400,0000|0000|0000|018D|04CB,,,108,0000,,6,0,,,,,10|171227173100*7C",
    "864507031245110",
    "event109",
    "2017-12-27T17:31:41Z",
    [13.844553, 100.64436],
  ],
  [
    "$$S214,864507031219974,AAA,109,13.844643,100.644395,171207021520,A,10,28,0,31,0.8,6,390,421327,520|0" +
      "|0016|000F2DB0,8400,0000|0000|0000|018D|04C6,,,108,0000,,6,0,,,,,11|171207091500|171207091500|78|350" +
      "0|000000|000003*12",
    "864507031219974",
    "event109",
    "2017-12-07T02:15:20Z",
    [13.844643, 100.644395],
  ],
  [
    "$$F153,863835026880190,AAA,29,25.313160,55.422473,170628150902,V,0,0,0,0,0.0,0,6553,6697,0|0|0000|00" +
      "000000,0000,0002|0000|0000|018B|0000,,,3,0000,,110,386*22",
    "863835026880190",
    "reboot",
    "2017-06-28T15:09:02Z",
    null,
  ],
  [
    "$$K157,866771027160687,AAA,3,37.040231,10.042391,160412151656,A,10,11,0,48,0.8,21,1035518,774980,605" +
      "|2|0010|307B,0400,0000|0000|0000|0A47|03E3,,,1,0000,001206*2C",
    "866771027160687",
    "input3Active",
    "2016-04-12T15:16:56Z",
    [37.040231, 10.042391],
  ],
  [
    "$$I152,013949004569813,AAA,37,54.739468,25.273648,150208173414,A,5,24,0,73,1.5,165,74,3381,246|1|006" +
      "5|118A,0000,0003|0003|0000|08D4|0002,006380DF,,1,0008*7C",
    "013949004569813",
    "rfid",
    "2015-02-08T17:34:14Z",
    [54.739468, 25.273648],
  ],
  [
    "$$m140,013777008931857,AAA,1,54.739580,25.273263,141120144603,V,0,25,0,6,50.0,159,19825,13940,246|1|" + "0065|118A,0100,0000|0000|0000|092A|0001,,*1C",
    "013777008931857",
    "sos",
    "2014-11-20T14:46:03Z",
    null,
  ],
  [
    "$$X138,862170010187175,AAA,35,-29.960365,-51.655455,130507201625,A,8,9,0,107,0.9,7,169322,126582,724" + "|6|0547|132B,0000,0009|000A||0278|0000,*BE",
    "862170010187175",
    "trackByTime",
    "2013-05-07T20:16:25Z",
    [-29.960365, -51.655455],
  ],
  [
    "$$]138,012896000475498,AAA,35,-6.138255,106.910545,121205074600,A,5,18,0,0,0,49,3800,24826,510|10|00" + "81|4F4F,0000,0011|0012|0010|0963|0000,,*94",
    "012896000475498",
    "trackByTime",
    "2012-12-05T07:46:00Z",
    [-6.138255, 106.910545],
  ],
  [
    "$$d138,012896000475498,AAA,35,-6.138255,106.910545,121205074819,A,7,18,0,0,0,49,3800,24965,510|10|00" + "81|4F4F,0000,000D|0010|0012|0963|0000,,*BF",
    "012896000475498",
    "trackByTime",
    "2012-12-05T07:48:19Z",
    [-6.138255, 106.910545],
  ],
  [
    "$$j138,012896000475498,AAA,35,-6.138306,106.910655,121205103708,A,3,11,0,0,1,36,4182,35025,510|10|00" + "81|4F4F,0000,000A|000C|000A|0915|0000,,*BF",
    "012896000475498",
    "trackByTime",
    "2012-12-05T10:37:08Z",
    [-6.138306, 106.910655],
  ],
  [
    "$$m139,012896005334567,AAA,35,-33.866423,151.190060,121208020649,A,7,27,0,32,4,13,6150,49517,505|2|0" + "B67|5A6C,0000,0000|0000|0000|0977|0000,,*F1",
    "012896005334567",
    "trackByTime",
    "2012-12-08T02:06:49Z",
    [-33.866423, 151.19006],
  ],
  [
    "$$A141,012896005334567,AAA,35,-33.866543,151.190148,121209081758,A,6,27,0,16,1,48,65551,152784,505|2" + "|0B5F|D9D3,0000,0000|0000|0000|0A39|0000,,*5B",
    "012896005334567",
    "trackByTime",
    "2012-12-09T08:17:58Z",
    [-33.866543, 151.190148],
  ],
  [
    "$$_128,861074020109479,AAA,34,22.512618,114.057065,090215000318,V,0,31,0,0,0,0,0,733,302|720|3EE4|BB" + "B5,0000,0006|0006||028C|0000,*E3",
    "861074020109479",
    "positionRequested",
    "2009-02-15T00:03:18Z",
    null,
  ],
  [
    "$$K146,013227004985762,AAA,35,28.618005,-81.246783,131101213828,A,9,22,0,209,1.1,23,80974,1187923,31" +
      "0|260|2A13|634E,0000,0000|0000|0000|09DA|0B34,,*51",
    "013227004985762",
    "trackByTime",
    "2013-11-01T21:38:28Z",
    [28.618005, -81.246783],
  ],
  [
    "$$E150,013777001165479,AAA,35,10.296601,123.872115,140501161505,A,4,22,1,170,1.4,77,39097,393563,515" +
      "|3|A0CC|ED96,0000,0008|0003|0000|09D5|0000,,,1,0009*1E",
    "013777001165479",
    "trackByTime",
    "2014-05-01T16:15:05Z",
    [10.296601, 123.872115],
  ],
  [
    "$$B140,013777001293701,AAA,35,-7.266760,112.743550,140521095314,A,3,22,0,275,2.7,45,1984,8059,510|1|" + "3504|EBFE,0000,0000|0000|0000|0914|0002,,*F9",
    "013777001293701",
    "trackByTime",
    "2014-05-21T09:53:14Z",
    [-7.26676, 112.74355],
  ],
];

const CCE = {
  /** A T366's batch of three positions while driving (event 35 each). */
  three:
    "242466313039352c3836373935313037383031303536342c4343452cfd0b000003005d0117000705010611071914001501fe" +
    "69641b000808180009c6000a05000b4c0016070019a6011a91054021000502f5a90502037a7296ff04a5ec62310cb2e90700" +
    "0d3f800200030e0c5c0202001705213e9701a0ff4b02" +
    "ff".repeat(258) +
    "f8280201ff620118000705010611071914001501fe69641b000808180009c7000a05000b4d0016060019a1011a8d05402300" +
    "0602bba9050203637296ff04a7ec62310cb2e907000d418002001c01000000030e0c5c0202001705213e9701a0ff4b02" +
    "ff".repeat(258) +
    "f8280201ff620118000705010611071914001501fe69641b0008081c0009cd000a05000b4d0016080019a1011a8d05402300" +
    "06023ba9050203297296ff04a9ec62310cc7e907000d438002001c01000000030e0c5c0202001705213e9701a0ff4b02" +
    "ff".repeat(258) +
    "f8280201ff2a41440d0a",
  /** An OBD model's sharp left turn (event 90 in the two-byte 0x40 parameter), with engine speed, coolant, ECU speed and odometer. */
  obdTurn:
    "2424413132332c3836313538353034333230303836322c4343452c010000000100590015000305010609071b0b081c000939" +
    "010a07000b1700199e011a9505921a0099c4089c5500c93e00405a000602a8b114000343f12e0604d18806270c654a2e000d" +
    "a20537009bb8963904010e0c0d020300aa7a0af69e0100002a35340d0a",
  /** Three kept positions without a fix: input 1 (SOS), external power restored, heartbeat — the event codes as 0x40. */
  alarms:
    "2424423233322c3836323039303035303030323831332c4343452c0400000003004400110004050006000700fe6962060800" +
    "000900000a00000b00001aef044023000602d65fbcfd03173b9c0804cc76ae2a0c14ae1b000d00aa0d001c01000000014b03" +
    "0101003f00100004050006000700fe695f060800000900000a00000b00001aea044016000502d65fbcfd03173b9c0804cf76" +
    "ae2a0c14ae1b000d03aa0d00014b030101003f00100004050006000700fe695f060800000900000a00000b00001aed044001" +
    "000502d65fbcfd03173b9c0804d076ae2a0c14ae1b000d04aa0d00014b030101002a30460d0a",
  ignition:
    "24246a3138312c3836343238313034313930383330332c4343452c00000000010093001f0005050006000707140015020908" +
    "00000900000a00000b0000160a001706001904001ad90440230006023279570103305ccc0604f536492b0c510300000d4957" +
    "01001c014000000b0e0ccc010000922781abb90c00002a030034212b03008b082c030053082d03009e082e030034212f0300" +
    "34213003003421310300342149090400000000000000004b07010104574946492a36310d0a",
};

const MORE_CCE = [
  "2424623139352c3836363439363037373538323136342c4343452c000000000100a1001b00050501060e0718140015020a08" +
    "26000965000a08000b00001600001700001800001992001a5a05408f0205029e1460fe03470f1f0904785ed62f0c4cbc0000" +
    "0d2af20100070e0cf901010031700210cc080000fe311c020732303235303630373132323034315f4348315f6463612e6a70" +
    "6749090403000000000000004b0a010107464444204c54454c0a03010000020000228435fe79020102fe800201022a34310d" +
    "0a",
  "2424483136302c3836323039303035303436323733362c4343452c0000000001007e0018000705010609071714001500fe69" +
    "601b0008080000093e010a0b000b4f001608001993011af40440230006028e03a0ff036bc85d06046b1f582e0cbc1100000d" +
    "fd8507001c01000000030e0cfe010a00de0419019a06a1fffe731a010554656d7031ac233faf076e645df591320000000000" +
    "0000004b060101034c54452a39450d0a",
  "2424683136342C3836363334343035333039353238322C4343452C000000000100820018000505000600070B140015000808" +
    "00000900000A00000B00001606001A0000402300FE90000006022E79570103E55CCC0604E1FDB32B0CC32C00000D58EB0200" +
    "1C01000000050E0CCC010000B627BF11000000004B1001010D475052532847534D2039303029FEA50601FFFFFF7FFFFEA807" +
    "01010258023800FEB20501010000002A41360D0A",
  "2424533232312c3836323331313036323737393431362c4343452c000000000100bb001c0006012305000600071f1500fe69" +
    "61050800000900000a00000b00001aca000702a72c52030340a0c90004f3408b2c0ca80100000d238d08001c01000000fe37" +
    "000000000a0e0cf00001002700167aa601a0ff1d082abd890a491cd2ff1e0828bd890a491cd2ff1f0842490f526db0caff20" +
    "083c286d5b082cc9ff21083e286d5b082cc9ff2208ac233fc0d2e0c7ff2308b0411d64d9d5c7ff2408ae233fc0d496c3ff4b" +
    "150101124c54452845555452414e2d42414e443230292a38420d0a",
  "24246b3131342c3836353738393032343134303439352c4343452c0000000001005000130006011f05010607071415001b00" +
    "060800000949010a0c000b9b0119a1011afe010602e934ce0203fc9aeb0004309f13220cafc503000d97741e001c01000000" +
    "010e0ce8000300092f2e060000b7ff2a33330d0a",
];

/** An MVT380's CCC batch of eighteen packets: input 1, input 2 on (the ignition) and off, then positions while driving off. */
const CCC_EIGHTEEN =
  "2424473937302c3336393830303031333436303637342c4343432c020134005b000000010ce304035db9e000ec6f591a0000" +
  "13000000000c001801edb70200c96d0100e60001004838576501000300a101c20400000000010ce304035db9e000ee6f591a" +
  "000013000000000c001801edb70200ca6d0100e60001004838576501000300a101c20400000000010ce304035db9e000ef6f" +
  "591a000013000000000c001801edb70200cc6d0100e60001004838576501000300a101c20400000000020ce304035db9e000" +
  "f76f591a000016000000000c001801edb70200d36d0100e60001004838576502000300a101bf04000000000a0ce304035db9" +
  "e000f76f591a000016000000000c001801edb70200d46d0100e60001004838576500000300a101bf0400000000020ce30403" +
  "5db9e000fb6f591a000016000000000c001801edb70200d86d0100e60001004838576502000300a101760400000000180ce3" +
  "04035db9e000fc6f591a0000120000000000008c00edb70200d96d0100e60001004838576502000300a10176040000000019" +
  "b1e2040323b9e0000b70591a0105150600bb0012002901edb70200e76d0100e60001004838576502000300a2017005000000" +
  "002023e304031fb9e0001070591a010615070027010d001601fcb70200ec6d0100e60001004838576502000300a201800500" +
  "000000201fe3040302b9e0001170591a010615090019010d001501feb70200ed6d0100e60001004838576502000300a20180" +
  "05000000002018e30403dcb8e0001270591a0106150b0011010d00150100b80200ee6d0100e60001004838576502000300a2" +
  "018005000000002036e3040345b8e0001570591a0107150b002d010b0013010ab80200f16d0100e600010048385765020003" +
  "00a2018005000000002053e3040326b8e0001670591a0107150d0041010b0013010eb80200f26d0100e60001004838576502" +
  "000300a2018005000000002070e3040310b8e0001770591a0107150e004f010b00130111b80200f36d0100e6000100483857" +
  "6502000300a2018005000000002095e3040306b8e0001870591a0107150d005a010b00140115b80200f46d0100e600010048" +
  "38576502000300a20180050000000020b3e3040305b8e0001970591a0107150b0060010b00140118b80200f56d0100e60001" +
  "004838576502000300a20183050000000020cfe3040308b8e0001a70591a0107150b0066010b0014011bb80200f66d0100e6" +
  "0001004838576502000300a20183050000000020eee304030cb8e0001b70591a0106170b0004000d0014011eb80200f76d01" +
  "00e60001004838576502000300a2018305000000002a62350d0a";

/** An MVT380's CCC batch of one packet: no valid fix. */
const CCC_ONE =
  "24245838362c3336393830303031343039303032312c4343432c020134000100000023381f91ffe354b806c5e3121b000913" +
  "0000000000000000d33801007cbf0200fe0101000435feeb02000500a3010000000000002a62650d0a";

describe("Meitrack framing", () => {
  it("cuts a frame by its length (from the first comma through CR LF), waits for the rest, and reads line " + "ends between frames as empty", () => {
    const frame = text(AAA.sos);
    expect(meitrackFrameLength(frame)).toBe(frame.length);
    expect(meitrackFrameLength(Buffer.concat([frame, text(AAA.fuel)]))).toBe(frame.length);
    expect(meitrackFrameLength(frame.subarray(0, 40))).toBeNull();
    expect(meitrackFrameLength(frame.subarray(0, 4))).toBeNull();
    expect(meitrackFrameLength(Buffer.from("\r\n$$T1"))).toBe(2);
    expect(decodeMeitrackFrame(Buffer.from("\r\n"))).toBeNull();
    // A binary batch holds any byte, CR LF and `*` included: its length alone says where it ends.
    const batch = hex(CCE.three);
    expect(meitrackFrameLength(Buffer.concat([batch, frame]))).toBe(batch.length);
  });

  it("refuses what is not a Meitrack frame: another start, no length, a bad checksum, a wrong ending", () => {
    expect(() => meitrackFrameLength(Buffer.from("+RESP:GTFRI,"))).toThrow(FrameError);
    expect(() => meitrackFrameLength(Buffer.from("$$Txyzabcdefg,"))).toThrow(FrameError);
    expect(() => meitrackFrameLength(Buffer.from("$$T99999999,"))).toThrow(FrameError);
    expect(() => decode(text(AAA.sos.replace("*C2", "*C3")))).toThrow(/checksum/);
    expect(() => decode(text(AAA.sos.replace("18.459575", "18.459576")))).toThrow(/checksum/);
    expect(() => decode(Buffer.from(`${AAA.sos}\n\n`))).toThrow(/ending|end with/);
    // The checksum's hex digits in either case (the MVT380's are lower case).
    expect(decode(hex(CCC_ONE)).kind).toBe("CCC");
  });
});

describe("Meitrack AAA text reports (real frames)", () => {
  it("decodes the fix (UTC), km/h, course, HDOP, altitude, satellites; mileage (m), run time (s), the inpu" + "ts and the external voltage", () => {
    const message = decode(text(AAA.ignitionOn));
    expect(message).toMatchObject({ type: "report", imei: "863835026871173", flag: "V", kind: "AAA", event: "trackByTime", alarms: [] });
    expect(only(message)).toEqual({
      time: new Date("2017-09-15T15:40:43Z"),
      fix: { latitude: 34.516428, longitude: 10.47016, speedKmh: 68, heading: 74, altitude: 9, satellites: 9, hdop: 0.9 },
      // I/O status 0200: input 2 (the ACC wire) on; analog 0571: 13.93 V.
      io: {
        ignition: true,
        digitalInput1: false,
        digitalInput2: true,
        digitalInput3: false,
        externalVolts: 13.93,
        gpsOdometerMeters: 1_988_259,
        engineSeconds: 525_882,
      },
    });
    expect(meitrackAnswer(message)).toBeNull();
  });

  it("names the event: SOS (input 1) is an alarm with its position; input 4 shows in no stored input", () => {
    const sos = decode(text(AAA.sos));
    expect(sos).toMatchObject({ event: "sos", alarms: ["sos"] });
    expect(only(sos).io).toMatchObject({ digitalInput1: true, ignition: false, externalVolts: 28.2 });
    expect(only(sos).fix).toMatchObject({ latitude: 18.459575, longitude: -69.947161, speedKmh: 10 });
    expect(only(decode(text(AAA.input4))).io).toMatchObject({ digitalInput1: false, digitalInput2: false, digitalInput3: false });
  });

  it("stores a V (not positioned) report without its last known position, at its time, with its values", () => {
    const record = only(decode(text(AAA.noFix)));
    expect(record.fix).toBeUndefined();
    expect(record).toMatchObject({ time: new Date("2017-09-14T14:42:40Z"), io: { gpsOdometerMeters: 129_754_946, engineSeconds: 129_793_197 } });
    expect(decode(text(AAA.noFix)).event).toBe("reboot");
  });

  it("stores no fix at 0,0 even when the report says positioned (the frame changed, sealed again)", () => {
    const tail = AAA.sos.slice(AAA.sos.indexOf(","), AAA.sos.lastIndexOf("*")).replace("18.459575,-69.947161", "0.000000,0.000000");
    const record = only(decode(sealed("T", tail)));
    expect(record.fix).toBeUndefined();
    expect(record.io.digitalInput1).toBe(true);
  });

  it("reads the newer firmware's analog values in volts, and the fuel level field", () => {
    expect(only(decode(text(AAA.decimalAnalog))).io.externalVolts).toBe(12.96);
    expect(only(decode(text(AAA.fuel))).io).toMatchObject({ fuelPercent: 0.09, externalVolts: 10.74 });
  });

  it.each(MORE_AAA)("decodes %s", (frame, imei, event, time, position) => {
    const message = decode(text(frame));
    expect(message).toMatchObject({ imei, kind: "AAA", event });
    const record = only(message);
    expect(record.time).toEqual(new Date(time));
    expect(record.fix && [record.fix.latitude, record.fix.longitude]).toEqual(position ?? undefined);
  });

  it("decodes AFF, the numbered report (its published checksum did not match: sealed again)", () => {
    const message = decode(
      sealed(
        "J",
        ",123123123123123,AFF,0004,35,58.588926,16.180473,140928192856,A,10,27,0,161,1.2,19,1648894,435695,240|24|88B9|E435,0000," +
          "|||0A22|0000,00000001,,50,,,,,,,,,,,,,",
      ),
    );
    expect(message).toMatchObject({ kind: "AFF", event: "trackByTime" });
    expect(only(message)).toMatchObject({ time: new Date("2014-09-28T19:28:56Z"), fix: { latitude: 58.588926, longitude: 16.180473, altitude: 19 } });
  });
});

describe("Meitrack CCE and CCC binary batches (real frames)", () => {
  it("decodes a CCE batch's packets and confirms their number once committed", () => {
    const message = decode(hex(CCE.three));
    expect(message).toMatchObject({ type: "report", imei: "867951078010564", kind: "CCE", event: "trackByTime" });
    expect(message.records).toHaveLength(3);
    expect(message.records[0]).toEqual({
      time: new Date("2026-04-03T21:24:53Z"),
      fix: { latitude: 33.925621, longitude: -6.91751, speedKmh: 24, heading: 198, hdop: 0.5, altitude: 76, satellites: 17 },
      io: {
        ignition: false,
        digitalInput1: true,
        digitalInput2: false,
        digitalInput3: false,
        externalVolts: 14.25,
        gpsOdometerMeters: 518_578,
        engineSeconds: 163_903,
      },
    });
    expect(message.records.map((record) => record.time.toISOString())).toEqual([
      "2026-04-03T21:24:53.000Z",
      "2026-04-03T21:24:55.000Z",
      "2026-04-03T21:24:57.000Z",
    ]);
    expect(meitrackAnswer(message)).toBe("@@f27,867951078010564,CCE,3*0E\r\n");
  });

  it("makes a sharp turn a harsh cornering event, and reads the OBD model's engine values", () => {
    const message = decode(hex(CCE.obdTurn));
    expect(message.event).toBe("sharpLeftTurn");
    expect(only(message)).toMatchObject({
      time: new Date("2020-09-30T00:07:45Z"),
      fix: { latitude: 1.3562, longitude: 103.739715, speedKmh: 28, heading: 313, hdop: 0.7, altitude: 23, satellites: 9 },
      io: { externalVolts: 14.29, engineRpm: 2244, coolantCelsius: 85, ecuSpeedKmh: 26, odometerMeters: 70_883_000, gpsOdometerMeters: 3_033_701 },
      events: [{ kind: "harshCornering" }],
    });
  });

  it("lists each packet's alarm, keeps packets without a fix, and reads ignition from input 2", () => {
    const alarms = decode(hex(CCE.alarms));
    expect(alarms.records.map((record) => record.fix)).toEqual([undefined, undefined, undefined]);
    expect(alarms).toMatchObject({ event: "sos", alarms: ["powerRestored", "sos"] });
    expect(meitrackAnswer(alarms)).toMatch(/^@@B27,862090050002813,CCE,3\*[0-9A-F]{2}\r\n$/);
    expect(only(decode(hex(CCE.ignition))).io).toMatchObject({ ignition: true, externalVolts: 12.41 });
  });

  it.each(MORE_CCE)("decodes the CCE frame %#", (frame) => {
    const message = decode(hex(frame));
    expect(message.kind).toBe("CCE");
    expect(message.records.length).toBeGreaterThan(0);
    for (const record of message.records) expect(record.time.getUTCFullYear()).toBeGreaterThanOrEqual(2017);
  });

  it("decodes CCC (the older models' packets): time from 2000, no fix when not valid, ignition from input " + "2's events", () => {
    const one = decode(hex(CCC_ONE));
    expect(one).toMatchObject({ imei: "369800014090021", kind: "CCC", event: "trackByTime" });
    expect(only(one)).toEqual({ time: new Date("2014-05-24T04:59:49Z"), fix: undefined, io: { gpsOdometerMeters: 80_083, engineSeconds: 180_092 } });
    expect(meitrackAnswer(one)).toBe("@@X27,369800014090021,CCC,1*E4\r\n");
    const eighteen = decode(hex(CCC_EIGHTEEN));
    expect(eighteen.records).toHaveLength(18);
    expect(eighteen.records.slice(2, 6).map((record) => record.io.ignition)).toEqual([undefined, true, false, true]);
    expect(eighteen.records[7]).toMatchObject({
      time: new Date("2014-01-03T12:56:43Z"),
      fix: { latitude: 50.651825, longitude: 14.727459, speedKmh: 6, heading: 187, hdop: 1.8, altitude: 297, satellites: 5 },
    });
    // `CCC,<packets received>` in decimal, under the batch's flag: Meitrack T622 GPRS Protocol, 3.45 (`CCC,6`).
    expect(meitrackAnswer(eighteen)).toBe("@@G28,369800013460674,CCC,18*1A\r\n");
  });
});

describe("Meitrack other messages", () => {
  it("answers AAC, and reads a reply to a command without storing or answering it", () => {
    const aac = decode(text("$$z27,861451040910625,AAC,1*D3"));
    expect(aac).toMatchObject({ type: "heartbeat", kind: "AAC", records: [] });
    expect(meitrackAnswer(aac)).toBe("@@z27,861451040910625,AAC,1*0B\r\n");
    const reply = decode(text("$$D28,353358017784062,D03,OK*F3"));
    expect(reply).toMatchObject({ type: "reply", imei: "353358017784062", kind: "D03", records: [] });
    expect(meitrackAnswer(reply)).toBeNull();
  });
});
