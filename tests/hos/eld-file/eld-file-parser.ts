import { ELD_FILE_SEGMENTS, eventDataCheckValue, fileDataCheckValue, lineDataCheckValue } from "@/lib/hos/eld-file";

/** Fields of each segment's rows, the line data check value included (Appendix A 4.8.2.1). */
const FIELD_COUNTS: Record<string, number | number[]> = {
  "ELD File Header Segment:": [6, 4, 4, 6, 3, 7, 5],
  "User List:": 5,
  "CMV List:": 4,
  "ELD Event List:": 18,
  "ELD Event Annotations or Comments:": 7,
  "Driver's Certification/Recertification Actions:": 7,
  "Malfunctions and Data Diagnostic Events:": 9,
  "ELD Login/Logout Report:": 8,
  "CMV Engine Power-Up and Shut Down Activity:": 13,
  "Unidentified Driver Profile Records:": 16,
};

export type ParsedEldFile = { segments: Map<string, string[][]>; fileCheck: string };

/**
 * Reads an ELD output file back as an inspector's software would, and throws on the first thing that
 * does not hold: the segment titles in order, each row's field count, every line data check value,
 * every event data check value (recomputed from the row, the CMV list and the user names) and the file
 * data check value.
 */
export const parseEldFile = (text: string): ParsedEldFile => {
  if (!/^[\x20-\x7e\r\n]*$/.test(text)) throw new Error("The file is not printable ASCII.");
  const lines = text.split("\r\n");
  if (lines.pop() !== "") throw new Error("The file does not end with a line end.");
  const segments = new Map<string, string[][]>();
  const checks: string[] = [];
  let segment = -1;
  let index = 0;
  for (; index < lines.length; index++) {
    const line = lines[index];
    const next = ELD_FILE_SEGMENTS[segment + 1];
    if (line === next) {
      segment++;
      segments.set(line, []);
      if (line === "End of File:") break;
      continue;
    }
    if (segment < 0) throw new Error(`Line ${index + 1} comes before the header segment's title.`);
    const fields = line.split(",");
    const title = ELD_FILE_SEGMENTS[segment];
    const rows = segments.get(title)!;
    const counts = FIELD_COUNTS[title];
    const expected = Array.isArray(counts) ? counts[rows.length] : counts;
    if (fields.length !== expected) throw new Error(`Line ${index + 1} (${title}) has ${fields.length} fields, not ${expected}: ${line}`);
    const check = fields.at(-1)!;
    const recomputed = lineDataCheckValue(line.slice(0, line.length - check.length - 1));
    if (check !== recomputed) throw new Error(`Line ${index + 1}: line data check value ${check}, recomputed ${recomputed}.`);
    checks.push(check);
    rows.push(fields.slice(0, -1));
  }
  if (segment !== ELD_FILE_SEGMENTS.length - 1) throw new Error(`Segment "${ELD_FILE_SEGMENTS[segment + 1]}" is missing.`);
  const fileCheck = lines[index + 1];
  if (lines.length !== index + 2) throw new Error("Something follows the file data check value.");
  if (fileCheck !== fileDataCheckValue(checks)) throw new Error(`File data check value ${fileCheck}, recomputed ${fileDataCheckValue(checks)}.`);

  const powerUnits = new Map(segments.get("CMV List:")!.map(([order, powerUnit]) => [order, powerUnit]));
  const driverUsername = segments.get("ELD File Header Segment:")![0][2];
  const eventCheck = (row: string[], username: string) =>
    eventDataCheckValue([row[3], row[4], row[5], row[6], row[7], row[8], row[9], row[10], powerUnits.get(row[12]) ?? "", username]);
  for (const row of segments.get("ELD Event List:")!) {
    if (row[16] !== eventCheck(row, driverUsername))
      throw new Error(`Event ${row[0]}: event data check value ${row[16]}, recomputed ${eventCheck(row, driverUsername)}.`);
  }
  for (const row of segments.get("Unidentified Driver Profile Records:")!) {
    if (row[14] !== eventCheck(row, "unidentified")) throw new Error(`Unidentified event ${row[0]}: event data check value ${row[14]}.`);
  }
  return { segments, fileCheck };
};
