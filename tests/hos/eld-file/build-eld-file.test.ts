import { describe, expect, it } from "vitest";
import {
  buildEldFile,
  checkCharValue,
  eldFileName,
  eventDataCheckValue,
  fileDataCheckValue,
  lineDataCheckValue,
  type EldFileInput,
  type EldRecordEvent,
  type EldUser,
} from "@/lib/hos/eld-file";
import { parseEldFile } from "./eld-file-parser";

const ZONE = "America/Chicago";
/** Wall-clock time in Chicago on a day of November 2026 (CST, UTC-6, after the DST change of the 1st). */
const at = (day: number, time: string) => new Date(`2026-11-${String(day).padStart(2, "0")}T${time}:00-06:00`);
const CO_DRIVER: EldUser = { key: "driver:4", accountType: "D", firstName: "Sam", lastName: "Okoye", username: "sokoye" };
const MANAGER: EldUser = { key: "user:7", accountType: "S", firstName: "Pat", lastName: "Okafor", username: "pat.okafor@demo.test" };

let sequence = 0;
const record = (overrides: Partial<EldRecordEvent> & Pick<EldRecordEvent, "type" | "code" | "at">): EldRecordEvent => ({
  sequenceId: ++sequence,
  status: 1,
  origin: 2,
  vehicleKey: "12",
  accumulatedMiles: null,
  elapsedEngineHours: null,
  position: { latitude: 41.878113, longitude: -87.629799 },
  distanceSinceLastValidCoordinates: null,
  reducedPrecision: false,
  originatorKey: "driver:3",
  comment: "",
  locationDescription: "",
  malfunction: false,
  diagnostic: false,
  ...overrides,
});
const duty = { offDuty: 1, sleeperBed: 2, driving: 3, onDuty: 4 } as const;
const status = (key: keyof typeof duty, day: number, time: string, overrides: Partial<EldRecordEvent> = {}) =>
  record({ type: 1, code: duty[key], at: at(day, time), ...overrides });

const scenario = (overrides: Partial<EldFileInput>): EldFileInput => ({
  generatedAt: at(20, "15:04"),
  timeZone: ZONE,
  periodStartHour: 0,
  multiDayBasis: 8,
  carrier: { usdotNumber: 1000003, name: "Demo Freight Lines, LLC" },
  eld: { registrationId: "ZA10", identifier: "FLT001", authenticationValue: "0123456789abcdef0123456789abcdef" },
  outputFileComment: "",
  driver: {
    key: "driver:3",
    accountType: "D",
    firstName: "María",
    lastName: "González",
    username: "mgonzalez",
    licenseState: "IL",
    licenseNumber: "G1234-5678-9012",
    exempt: false,
  },
  coDriver: null,
  otherUsers: [],
  currentVehicleKey: "12",
  vehicles: [
    { key: "12", powerUnitNumber: "TRK12", vin: "1FUJGHDV0CLBP8834", trailers: "TR-104" },
    { key: "15", powerUnitNumber: "TRK15", vin: "1FUJGLDR3CLBP8834", trailers: "" },
  ],
  shippingDocumentNumber: "BOL 75354",
  current: { position: { latitude: 41.88, longitude: -87.63 }, totalMiles: null, totalEngineHours: null },
  events: [],
  certifications: [],
  malfunctions: [],
  logins: [],
  enginePowers: [],
  unidentifiedEvents: [],
  ...overrides,
});

const plainDay = () => [
  status("offDuty", 20, "00:00"),
  status("onDuty", 20, "06:00", { comment: "Pre-trip inspection" }),
  status("driving", 20, "06:30", { origin: 1, accumulatedMiles: 0, elapsedEngineHours: 0.5 }),
  record({ type: 2, code: 1, at: at(20, "07:30"), origin: 1, accumulatedMiles: 52, elapsedEngineHours: 1.5, position: { latitude: 41.52, longitude: -88.08 } }),
  status("onDuty", 20, "08:45", { origin: 1, accumulatedMiles: 118, elapsedEngineHours: 2.8, position: { latitude: 41.1, longitude: -88.9 } }),
  status("offDuty", 20, "12:00", { position: null, locationDescription: "Truck stop, Ottawa, IL" }),
];

const SCENARIOS: Record<string, () => EldFileInput> = {
  "plain-day": () => scenario({ events: plainDay(), certifications: [{ sequenceId: 90, at: at(20, "12:05"), date: "2026-11-20", vehicleKey: "12" }] }),
  "personal-conveyance": () =>
    scenario({
      events: [
        status("offDuty", 20, "18:00"),
        record({
          type: 3,
          code: 1,
          at: at(20, "18:00"),
          position: { latitude: 41.878113, longitude: -87.629799 },
          reducedPrecision: true,
          comment: "To the motel",
        }),
        // An hour of motion in personal conveyance (it began at 18:04): the intermediate log at reduced precision (4.5.1.2, Table 6 code 2).
        record({ type: 2, code: 2, at: at(20, "19:04"), origin: 1, position: { latitude: 42.031234, longitude: -87.689012 }, reducedPrecision: true }),
        record({ type: 3, code: 0, at: at(20, "19:25"), position: { latitude: 41.951234, longitude: -87.655678 }, reducedPrecision: true }),
      ],
    }),
  "yard-move": () =>
    scenario({
      events: [
        status("onDuty", 20, "05:30"),
        record({ type: 3, code: 2, at: at(20, "05:40"), comment: "Moving to dock 4" }),
        record({ type: 3, code: 0, at: at(20, "05:55") }),
        status("driving", 20, "06:10", { origin: 1, vehicleKey: "15" }),
      ],
    }),
  "accepted-edit": () =>
    scenario({
      otherUsers: [MANAGER],
      events: [
        status("driving", 20, "09:00", { origin: 1 }),
        status("offDuty", 20, "09:40", { status: 2, origin: 2 }),
        status("onDuty", 20, "09:40", { origin: 3, originatorKey: MANAGER.key, comment: "Fuel stop was on duty; accepted by driver", position: null }),
        status("offDuty", 20, "10:10", { origin: 3, originatorKey: MANAGER.key, position: null }),
      ],
    }),
  "rejected-edit": () =>
    scenario({
      otherUsers: [MANAGER],
      events: [
        status("offDuty", 20, "00:00"),
        status("onDuty", 20, "07:00"),
        status("sleeperBed", 20, "07:00", { status: 4, origin: 3, originatorKey: MANAGER.key, position: null, comment: "Was in the sleeper?" }),
      ],
    }),
  "certification-and-recertification": () =>
    scenario({
      events: plainDay(),
      certifications: [
        { sequenceId: 80, at: at(19, "23:50"), date: "2026-11-19", vehicleKey: "12" },
        { sequenceId: 90, at: at(20, "12:05"), date: "2026-11-20", vehicleKey: "12" },
        { sequenceId: 95, at: at(20, "14:30"), date: "2026-11-20", vehicleKey: "12" },
      ],
    }),
  "unidentified-driving": () =>
    scenario({
      events: [status("offDuty", 20, "00:00")],
      unidentifiedEvents: [
        record({ type: 1, code: 3, at: at(20, "02:10"), origin: 1, status: 1, originatorKey: null, vehicleKey: "15" }),
        record({ type: 1, code: 4, at: at(20, "02:55"), origin: 1, status: 1, originatorKey: null, vehicleKey: "15" }),
      ],
    }),
  "team-driving": () =>
    scenario({
      coDriver: CO_DRIVER,
      otherUsers: [CO_DRIVER],
      events: [
        status("onDuty", 20, "05:00"),
        status("sleeperBed", 20, "05:30", { comment: "Co-driver drives" }),
        status("driving", 20, "10:30", { origin: 1 }),
        record({ type: 2, code: 1, at: at(20, "11:30"), origin: 1, position: { latitude: 40.7, longitude: -89.6 } }),
        status("onDuty", 20, "12:10", { origin: 1, position: { latitude: 40.45, longitude: -90.12 } }),
      ],
    }),
  "unidentified-driving-assigned": () =>
    scenario({
      events: [
        status("offDuty", 20, "00:00"),
        status("driving", 20, "02:10", { origin: 4, vehicleKey: "15", comment: "Unassigned driving #31 accepted" }),
        status("offDuty", 20, "02:55", { vehicleKey: "15" }),
      ],
      unidentifiedEvents: [
        record({ type: 1, code: 3, at: at(20, "02:10"), origin: 1, status: 2, originatorKey: null, vehicleKey: "15" }),
        record({ type: 1, code: 4, at: at(20, "02:55"), origin: 1, status: 2, originatorKey: null, vehicleKey: "15" }),
      ],
    }),
  "gps-gap": () =>
    scenario({
      events: [
        status("driving", 20, "08:00", { origin: 1 }),
        record({ type: 2, code: 1, at: at(20, "09:00"), origin: 1, position: null, distanceSinceLastValidCoordinates: 38 }),
        record({ type: 2, code: 1, at: at(20, "10:00"), origin: 1, position: null, distanceSinceLastValidCoordinates: 91 }),
        status("onDuty", 20, "10:20", { origin: 1, position: { latitude: 39.78, longitude: -89.65 } }),
      ],
    }),
  // The GPS lost for over an hour (malfunction L) and the engine data for a while (diagnostic 2): the records meanwhile
  // carry the indicators, the segment lists each logged and cleared (lib/hos/eld-monitors).
  "malfunctions-and-diagnostics": () =>
    scenario({
      events: [
        status("driving", 20, "08:00", { origin: 1, accumulatedMiles: 3, elapsedEngineHours: 0.1 }),
        record({ type: 2, code: 1, at: at(20, "09:00"), origin: 1, position: null, distanceSinceLastValidCoordinates: 60, diagnostic: true }),
        record({
          type: 2,
          code: 1,
          at: at(20, "10:00"),
          origin: 1,
          position: null,
          distanceSinceLastValidCoordinates: 121,
          malfunction: true,
          diagnostic: true,
        }),
        status("onDuty", 20, "10:40", { origin: 1, accumulatedMiles: 150, elapsedEngineHours: 2.7, position: { latitude: 39.78, longitude: -89.65 } }),
      ],
      malfunctions: [
        { sequenceId: 31, code: 3, diagnosticCode: "2", at: at(20, "08:40"), vehicleKey: "12", totalMiles: 500_040, totalEngineHours: 3000.7 },
        { sequenceId: 33, code: 1, diagnosticCode: "L", at: at(20, "09:20"), vehicleKey: "12", totalMiles: 500_080, totalEngineHours: 3001.3 },
        { sequenceId: 35, code: 4, diagnosticCode: "2", at: at(20, "10:35"), vehicleKey: "12", totalMiles: 500_145, totalEngineHours: 3002.6 },
        { sequenceId: 36, code: 2, diagnosticCode: "L", at: at(20, "10:40"), vehicleKey: "12", totalMiles: 500_150, totalEngineHours: 3002.7 },
      ],
    }),
  "intermediate-logs-and-logins": () =>
    scenario({
      events: [
        status("onDuty", 20, "05:50"),
        status("driving", 20, "06:00", { origin: 1 }),
        record({ type: 2, code: 1, at: at(20, "07:00"), origin: 1, position: { latitude: 41.52, longitude: -88.08 } }),
        record({ type: 2, code: 1, at: at(20, "08:00"), origin: 1, position: { latitude: 41.1, longitude: -88.9 } }),
        record({ type: 2, code: 1, at: at(20, "09:00"), origin: 1, position: { latitude: 40.7, longitude: -89.6 } }),
        status("onDuty", 20, "09:30", { origin: 1, position: { latitude: 40.45, longitude: -90.12 } }),
        status("offDuty", 20, "10:00"),
      ],
      logins: [
        { sequenceId: 1, code: 1, at: at(20, "05:49"), username: "mgonzalez", totalMiles: null, totalEngineHours: null },
        { sequenceId: 9, code: 2, at: at(20, "10:01"), username: "mgonzalez", totalMiles: null, totalEngineHours: null },
      ],
    }),
  "engine-power-up-and-shut-down": () =>
    scenario({
      events: [
        status("offDuty", 20, "00:00"),
        status("onDuty", 20, "06:00", { accumulatedMiles: 0, elapsedEngineHours: 0.1 }),
        status("driving", 20, "06:10", { origin: 1, accumulatedMiles: 0, elapsedEngineHours: 0.2 }),
        status("onDuty", 20, "08:50", { origin: 1, accumulatedMiles: 141, elapsedEngineHours: 2.9, position: { latitude: 40.45, longitude: -90.12 } }),
        status("offDuty", 20, "09:10", { position: { latitude: 40.45, longitude: -90.12 } }),
        // Personal conveyance to a restaurant: the duty status and the indication at reduced precision, no miles or hours.
        status("offDuty", 20, "18:00", { reducedPrecision: true, position: { latitude: 40.45, longitude: -90.12 } }),
        record({ type: 3, code: 1, at: at(20, "18:00"), reducedPrecision: true, position: { latitude: 40.45, longitude: -90.12 } }),
        record({ type: 3, code: 0, at: at(20, "18:45"), reducedPrecision: true, position: { latitude: 40.47, longitude: -90.18 } }),
      ],
      // Totals on every one (4.5.1.6(b)), PC's too (4.7.3(b)(2)); one decimal in PC (codes 2 and 4).
      enginePowers: [
        {
          sequenceId: 40,
          code: 1,
          at: at(20, "05:55"),
          vehicleKey: "12",
          totalMiles: 500_000.4,
          totalEngineHours: 3000.1,
          position: { latitude: 41.88, longitude: -87.63 },
          shippingDocumentNumber: "BOL 75354",
        },
        {
          sequenceId: 45,
          code: 3,
          at: at(20, "09:05"),
          vehicleKey: "12",
          totalMiles: 500_141.2,
          totalEngineHours: 3003.2,
          position: { latitude: 40.45, longitude: -90.12 },
          shippingDocumentNumber: "BOL 75354",
        },
        {
          sequenceId: 47,
          code: 2,
          at: at(20, "18:01"),
          vehicleKey: "12",
          totalMiles: 500_141.2,
          totalEngineHours: 3003.2,
          position: { latitude: 40.45, longitude: -90.12 },
          shippingDocumentNumber: "",
        },
        {
          sequenceId: 49,
          code: 4,
          at: at(20, "18:40"),
          vehicleKey: "12",
          totalMiles: 500_145.9,
          totalEngineHours: 3003.8,
          position: { latitude: 40.47, longitude: -90.18 },
          shippingDocumentNumber: "",
        },
      ],
    }),
  "dst-change-day": () =>
    scenario({
      generatedAt: new Date("2026-11-01T20:00:00Z"),
      events: [
        record({ type: 1, code: 1, at: new Date("2026-11-01T05:00:00Z") }),
        record({ type: 1, code: 4, at: new Date("2026-11-01T06:30:00Z") }),
        record({ type: 1, code: 1, at: new Date("2026-11-01T07:30:00Z") }),
      ],
    }),
};

describe("the check values of Appendix A 4.4.5", () => {
  it("maps characters as Table 3 does and rotates and XORs as the rule states", () => {
    expect(["0", "1", "9", "A", "Z", "a", "z", " ", ",", "-", "."].map(checkCharValue)).toEqual([0, 1, 9, 17, 42, 49, 74, 0, 0, 0, 0]);
    // "1" sums to 1: rotated three times 0x08, XOR 0x96 = 0x9E (line) and XOR 0xC3 = 0xCB (event).
    expect(lineDataCheckValue("1")).toBe("9E");
    expect(eventDataCheckValue(["1"])).toBe("CB");
    // The sum's low byte: "zzzz" is 296 = 0x128, so 0x28 rotated is 0x41, XOR 0x96 = 0xD7.
    expect(lineDataCheckValue("zzzz")).toBe("D7");
    // 0x9E + 0xD7 = 0x0175: bytes 0x01 and 0x75 rotated are 0x08 and 0xAB, XOR 0x969C = 0x9E37.
    expect(fileDataCheckValue(["9E", "D7"])).toBe("9E37");
    expect(fileDataCheckValue([])).toBe("969C");
  });
});

describe("the ELD output file (Appendix A 4.8.2)", () => {
  for (const [name, build] of Object.entries(SCENARIOS)) {
    it(`${name}: parses, every check value verifies, and it is the golden file`, async () => {
      sequence = 0;
      const { text, fileCheck } = buildEldFile(build());
      const parsed = parseEldFile(text);
      expect(parsed.fileCheck).toBe(fileCheck);
      await expect(text).toMatchFileSnapshot(`./golden/${name}.csv`);
    });
  }

  it("lists the newest event first, reduced precision and no miles in personal conveyance, the nth certification as code n", () => {
    sequence = 0;
    const pc = parseEldFile(buildEldFile(SCENARIOS["personal-conveyance"]()).text).segments.get("ELD Event List:")!;
    expect(pc.map((row) => [row[3], row[4], row[9], row[10]])).toEqual([
      ["3", "0", "42.0", "-87.7"],
      ["2", "2", "42.0", "-87.7"],
      ["3", "1", "41.9", "-87.6"],
      ["1", "1", "41.88", "-87.63"],
    ]);
    sequence = 0;
    const certifications = parseEldFile(buildEldFile(SCENARIOS["certification-and-recertification"]()).text).segments.get(
      "Driver's Certification/Recertification Actions:",
    )!;
    expect(certifications.map((row) => [row[1], row[4]])).toEqual([
      ["2", "112026"],
      ["1", "112026"],
      ["1", "111926"],
    ]);
  });

  it("a GPS gap, team driving, an unidentified drive assigned: X with the miles since the last fix, the co-driver, inactive-changed and assumed", () => {
    sequence = 0;
    const gap = parseEldFile(buildEldFile(SCENARIOS["gps-gap"]()).text).segments.get("ELD Event List:")!;
    expect(gap.map((row) => [row[9], row[10], row[11]])).toEqual([
      ["39.78", "-89.65", "0"],
      ["X", "X", "91"],
      ["X", "X", "38"],
      ["41.88", "-87.63", "0"],
    ]);
    sequence = 0;
    const monitored = parseEldFile(buildEldFile(SCENARIOS["malfunctions-and-diagnostics"]()).text).segments;
    // The event list's malfunction and diagnostic indicators (columns 15 and 16), newest first.
    expect(monitored.get("ELD Event List:")!.map((row) => [row[14], row[15]])).toEqual([
      ["0", "0"],
      ["1", "1"],
      ["0", "1"],
      ["0", "0"],
    ]);
    expect(monitored.get("Malfunctions and Data Diagnostic Events:")!.map((row) => [row[1], row[2]])).toEqual([
      ["2", "L"],
      ["4", "2"],
      ["1", "L"],
      ["3", "2"],
    ]);
    sequence = 0;
    const team = parseEldFile(buildEldFile(SCENARIOS["team-driving"]()).text).segments;
    expect(team.get("ELD File Header Segment:")![1]).toEqual(["Okoye", "Sam", "sokoye"]);
    expect(team.get("User List:")!.map((row) => row[2])).toContain("Okoye");
    sequence = 0;
    const assigned = parseEldFile(buildEldFile(SCENARIOS["unidentified-driving-assigned"]()).text).segments;
    expect(assigned.get("Unidentified Driver Profile Records:")!.map((row) => row[1])).toEqual(["2", "2"]);
    expect(assigned.get("ELD Event List:")!.find((row) => row[4] === "3")![2]).toBe("4");
  });

  it("on the day DST ends: the header has the offset in effect when the file is made, the repeated hour shows twice", () => {
    sequence = 0;
    const rows = parseEldFile(buildEldFile(SCENARIOS["dst-change-day"]()).text).segments;
    expect(rows.get("ELD File Header Segment:")![3][4]).toBe("06");
    expect(rows.get("ELD Event List:")!.map((row) => row[6])).toEqual(["013000", "013000", "000000"]);
  });

  it("keeps every field ASCII without commas, and refuses a file changed after it was made", () => {
    sequence = 0;
    const { text } = buildEldFile(SCENARIOS["plain-day"]());
    const header = parseEldFile(text).segments.get("ELD File Header Segment:")!;
    expect(header[0]).toEqual(["Gonzalez", "Maria", "mgonzalez", "IL", "G123456789012"]);
    expect(header[3].slice(0, 2)).toEqual(["1000003", "Demo Freight Lines; LLC"]);
    expect(() => parseEldFile(text.replace("Pre-trip inspection", "Pre-trip inspectiom"))).toThrow(/line data check value/);
  });

  it("names the file as 4.8.2.2 says", () => {
    const name = eldFileName({ lastName: "Lee", licenseNumber: "SAMPLMJ065LD", createdAt: at(20, "15:04"), timeZone: ZONE });
    expect(name).toBe("Lee__6511112026-000000000.csv");
    expect(name.replace(/\.csv$/, "")).toHaveLength(25);
    expect(eldFileName({ lastName: "González-Smith", licenseNumber: "G1234-5678-9012", createdAt: at(20, "15:04"), timeZone: ZONE })).toBe(
      "Gonza1248112026-000000000.csv",
    );
  });
});
