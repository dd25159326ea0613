import { FrameError } from "./frame-reader";
import { integer, signedDecimal, suntechTime, type SuntechValues } from "./suntech-fields";
import { decimal } from "./text-frames";

/**
 * The universal firmware's text reports (ST4300, ST4340, ST4500, ST8300… and the later ST300 family), `<type>;<device id>;
 * <mask>;…`: the mask (hex) says which fields follow, in a fixed order, one per set bit from bit 1 (bit 0 is the device id).
 */

/** Bit 17's input state: binary digits, the last ignition, then inputs 1, 2 and 3 leftwards. */
const inputState = (value: string | undefined) => {
  if (!/^[01]{1,16}$/.test(value ?? "")) return undefined;
  const bit = (index: number) => (value!.length > index ? value![value!.length - 1 - index] === "1" : undefined);
  return { ignition: bit(0)!, input1: bit(1), input2: bit(2), input3: bit(3) };
};

const MASK = /^[0-9A-F]{1,8}$/i;

/**
 * A universal STT, ALT, EMG, EVT or UEX report. Bits: 1 model, 2 software, 3 message type (0: stored), 4 date and 5 time
 * (UTC), 6 cell, 7 MCC, 8 MNC, 9 LAC, 10 signal, 11 latitude, 12 longitude, 13 km/h, 14 course, 15 satellites, 16 fix,
 * 17 input state, 18 output state, 19 the mode (STT) or the alert, emergency or event id, 20 and 21 their modifier and
 * data or the report reason and number, 22 reserved, 23 a second mask of the assigned fields that follow (its bit 0
 * the backup battery, bit 1 the main power). A UEX's serial data follows its output state: nothing after it is read.
 */
export const readUniversalReport = (fields: string[], kind: string): { values: SuntechValues; stored: boolean } => {
  if (!MASK.test(fields[2] ?? "")) throw new FrameError("universal report without its hex mask");
  const mask = Number.parseInt(fields[2], 16);
  let at = 3;
  const take = (bit: number) => ((mask & (2 ** bit)) !== 0 ? (fields[at++] ?? "") : undefined);
  take(1);
  take(2);
  const messageType = take(3);
  const [date, time] = [take(4), take(5)];
  for (const bit of [6, 7, 8, 9, 10]) take(bit);
  const [latitude, longitude, speed, course, satellites, fix, inputs] = [11, 12, 13, 14, 15, 16, 17].map(take);
  take(18);
  const values: SuntechValues = {
    time: date !== undefined && time !== undefined ? suntechTime(date, time) : null,
    latitude: signedDecimal(latitude),
    longitude: signedDecimal(longitude),
    speedKmh: decimal(speed),
    heading: decimal(course),
    satellites: integer(satellites),
    fixed: fix === "1",
    inputs: inputState(inputs),
  };
  if (kind !== "UEX") {
    const id = integer(take(19));
    if (kind === "ALT") values.alertId = id;
    if (kind === "EMG") values.emergencyId = id;
    for (const bit of [20, 21, 22]) take(bit);
    const assigned = take(23);
    if (assigned !== undefined && MASK.test(assigned)) {
      const assignedMask = Number.parseInt(assigned, 16);
      if ((assignedMask & 1) !== 0) at += 1; // backup battery
      if ((assignedMask & 2) !== 0) values.externalVolts = decimal(fields[at]);
    }
  }
  return { values, stored: messageType === "0" };
};
