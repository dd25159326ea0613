import { describe, expect, it } from "vitest";
import { decodeGps103Frame } from "@/lib/ingestion/trackers/gps103-codec";
import { decodeGt06Frame } from "@/lib/ingestion/trackers/gt06-codec";
import { decodeH02Frame } from "@/lib/ingestion/trackers/h02-codec";
import { decodeJt808Frame } from "@/lib/ingestion/trackers/jt808-codec";
import { decodeMeitrackFrame } from "@/lib/ingestion/trackers/meitrack-codec";
import { decodeQueclinkFrame } from "@/lib/ingestion/trackers/queclink-codec";
import { decodeRuptelaFrame } from "@/lib/ingestion/trackers/ruptela-codec";
import { decodeSuntechFrame } from "@/lib/ingestion/trackers/suntech-codec";
import { decodeTeltonikaPacket, readTeltonikaImei } from "@/lib/ingestion/trackers/teltonika-codec";
import { IDENTIFICATION_ECO, RECORDS_ACCRA } from "./ruptela-frames";

/**
 * What each decoder calls the real frames of the other decoder tests (the vendors' documents and Traccar's test
 * frames): the kind the Devices page shows as a device's last message (docs/trackers.md "Last message").
 */
const hex = (...parts: string[]) => Buffer.from(parts.join(""), "hex");
const text = (value: string) => Buffer.from(value, "latin1");
const NOW = new Date("2026-11-28T03:00:00Z");

describe("message kinds", () => {
  it("Teltonika: the IMEI login, Codec 8, Codec 8E and a Codec 12 answer", () => {
    expect(readTeltonikaImei(hex("000F333536333037303432343431303133"))?.messageKind).toBe("IMEI login");
    const codec8 = hex("000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF");
    expect(decodeTeltonikaPacket(codec8).messageKind).toBe("Codec 8");
    const codec8e = hex(
      "000000000000004A8E010000016B412CEE0001000000000000000000000000000000000100050001",
      "00010100010011001D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A00000100002994",
    );
    expect(decodeTeltonikaPacket(codec8e).messageKind).toBe("Codec 8E");
    const codec12 = hex(
      "000000000000004f0c01060000004755555555777730362e343b30342e323b30302e303b30302e303b30302e303b30302e303b30302e30",
      "3b30302e303b30312e333b30302e303b31302e373b30302e303b5353530d0a010000e371",
    );
    expect(decodeTeltonikaPacket(codec12).messageKind).toBe("Codec 12 answer");
  });

  it("GT06: the login, the location, every heartbeat, the alarm, information and time request, each by its number", () => {
    const kinds = [
      ["78780D01012345678901234500018CDD0D0A", "login"],
      // The documented location packet with its CRC corrected (codecs.test.ts).
      ["78781F120B081D112E10CC027AC7EB0C46584900148F01CC00287D001FB8000373770D0A", "location 0x12"],
      ["787825160B0B0F0E241DCF027AC8870C4657E60014020901CC00287D001F726506040101003656A40D0A", "alarm 0x16"],
      ["78780a13460b120400160642c20d0a", "heartbeat 0x13"],
      ["78780B23C00122040001000818720D0A", "heartbeat 0x23"],
      ["787817360005040002003201010018020192006a015f0324aeaf0d0a", "heartbeat 0x36"],
      ["78781219028f0a29e10036f12003040102000875dc0d0a", "LBS status 0x19"],
      ["7878079404eb001c705d0d0a", "information 0x94"],
      ["7878058A000688290D0A", "time request 0x8A"],
    ];
    for (const [frame, kind] of kinds) expect(decodeGt06Frame(hex(frame), NOW).messageKind, frame).toBe(kind);
  });

  it("H02: the message type the device wrote", () => {
    const kinds = [
      ["*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#", "V1"],
      ["*HQ,135790246811220,HTBT,100#", "HTBT"],
      ["*HQ,1451316451,NBR,112315,724,10,2,2,215,2135,123,215,2131,121,011215,FFFFFFFF#", "NBR"],
      ["*HQ,1700086468,LINK,180902,15,0,84,0,0,240517,FFFFFBFF#", "LINK"],
      ["*HQ,353111080001055,V3,044855,28403,01,001450,011473,158,-62,0292,0,X,030817,FFFFFBFF#", "V3"],
    ];
    for (const [frame, kind] of kinds) expect(decodeH02Frame(text(frame), NOW), frame).toMatchObject({ kind });
  });

  it("GPS103: the login, the bare-IMEI heartbeat and each report's keyword", () => {
    const kinds = [
      ["##,imei:359586015829802,A;", "login"],
      ["359586015829802;", "heartbeat"],
      ["imei:359710045559474,tracker,151030080103,,F,000101.000,A,5443.3834,N,02512.9071,E,0.00,0;", "tracker"],
      ["imei:359710049075097,help me,,,L,,,113b,,558f,,,,,0,0,,,;", "help me"],
      ["imei:862106025092216,OBD,170605095949,195874,,370.8,808,066,30.0%,+87,13.0%,02444,14.3,,,,;", "OBD"],
    ];
    for (const [frame, kind] of kinds) expect(decodeGps103Frame(text(frame), NOW), frame).toMatchObject({ messageKind: kind });
  });

  it("Queclink: the report's name, kept reports marked, the heartbeat and command answers", () => {
    const kinds = [
      ["+RESP:GTFRI,120113,555564055560555,,1,1,1,,,,,,,,0282,0380,f080,cabf,6900,79,20140824165629,0001$", "GTFRI"],
      ["+BUFF:GTIGF,840502,867963063190000,,0,0,,,,,,,0268,0006,22C4,13E5,00,,,20250116170541,22D0$", "GTIGF kept"],
      ["+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$", "GTHBD"],
      ["+ACK:GTRTO,1A0800,860599000773978,GL300,VER,FFFF,20161006053520,0C19$", "GTRTO answer"],
    ];
    for (const [frame, kind] of kinds) expect(decodeQueclinkFrame(text(frame), NOW), frame).toMatchObject({ messageKind: kind });
  });

  it("JT808: the message id and the standard's name for it", () => {
    const kinds = [
      ["7e0002000004304832546500b7ca7e", "0x0002 heartbeat"],
      ["7E0100002D013511221122000500000000373031303748422D52303347424400000000000000000000003233363631303402CBD5424136383630387E", "0x0100 registration"],
      ["7E0102000E013511221122000661757468656E7469636174696F6E3F7E", "0x0102 authentication"],
      ["7e0200002e094027587492000a000000010000000a03083db7001329f3000000140000130412164952010400000012360a0002341502cb0c20085c107e", "0x0200 location"],
      [
        "7e0704402d0100000866496077582164881d0001000028000000000000000701a00192091f2a4700160000000226050916422701040000258230010031010e507e",
        "0x0704 location batch",
      ],
    ];
    for (const [frame, kind] of kinds) expect(decodeJt808Frame(hex(frame), NOW)?.messageKind, frame).toBe(kind);
  });

  it("Suntech, Meitrack, Ruptela and H02's binary form: the protocol's own names", () => {
    const suntech = "ST300STT;007238270;40;313;20190220;12:05:04;c99e48;+04.644623;-074.076922;010.390;202.77;20;1;997100;14.10;100000;2;8384;003634;4.1;1";
    expect(decodeSuntechFrame(text(suntech), NOW)).toMatchObject({ kind: "STT" });
    expect(decodeSuntechFrame(text("ST300ALV;007238270"), NOW)).toMatchObject({ kind: "ALV" });
    const meitrack =
      "$$T143,869013024733944,AAA,1,18.459575,-69.947161,170220142912,A,5,15,10,300,1.6,115,3989,187884,370|2|5337|2B2C,0100,0000|0000|0000|0964|0B04,,*C2\r\n";
    expect(decodeMeitrackFrame(text(meitrack))).toMatchObject({ kind: "AAA", event: "sos" });
    expect(decodeRuptelaFrame(hex(RECORDS_ACCRA)).kind).toBe("records");
    expect(decodeRuptelaFrame(hex(IDENTIFICATION_ECO)).kind).toBe("identification");
    expect(decodeH02Frame(hex("2441060116601245431311165035313006004318210e000000fffffbffff0024"), NOW)).toMatchObject({ kind: "binary position" });
  });
});
