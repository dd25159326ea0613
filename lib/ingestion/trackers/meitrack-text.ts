import { FrameError } from "./frame-reader";
import { meitrackInputs } from "./meitrack-events";
import { decimal, utcDate } from "./text-frames";
import type { TrackerRecord } from "./tracker-record";

/**
 * The text position report (AAA, and AFF, the same after a sequence number): `<event code>,<latitude>,<longitude>,
 * <yyMMddHHmmss UTC>,<A|V>,<satellites>,<GSM signal>,<km/h>,<course>,<HDOP>,<altitude m>,<mileage m>,<run time s>,
 * <MCC|MNC|LAC|cell>,<I/O status: inputs byte, outputs byte, hex>,<analog values>[,<event data>,<customized data>,
 * <protocol version>,<fuel: percent byte, hundredths byte, hex>,…]`. The analog values are `AD1|AD2|AD3|battery|
 * external power` in hex hundredths of a volt, or on newer firmware `battery|external power|…` in volts.
 */

const DEGREES = /^-?\d{1,3}\.\d+$/;
const STAMP = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

const stampTime = (value: string) => {
  const parts = STAMP.exec(value);
  if (!parts) throw new FrameError("date and time are not yyMMddHHmmss");
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number);
  return utcDate(year, month, day, hour, minute, second);
};

const hex = (value: string | undefined) => (/^[0-9A-F]{1,8}$/i.test(value ?? "") ? Number.parseInt(value!, 16) : undefined);

/** The external voltage in the analog values: hex hundredths in the fifth, or volts in the second of the decimal form. */
const externalVolts = (analog: string) => {
  const values = analog.split("|");
  const volts = values.some((value) => value.includes(".")) ? decimal(values[1]) : (hex(values[4]) ?? 0) / 100;
  // 0: no external power measured (a portable model, or the wire not connected).
  return volts ? volts : undefined;
};

/** The fuel level field: its first byte whole percent, its second hundredths. */
const fuelPercent = (value: string | undefined) => {
  const raw = /^[0-9A-F]{4}$/i.test(value ?? "") ? Number.parseInt(value!, 16) : undefined;
  return raw === undefined || raw === 0 ? undefined : (raw >> 8) + (raw & 0xff) / 100;
};

/** The record of a text report's fields, counted from its event code; the code is returned beside it. */
export const readMeitrackText = (fields: string[]): { code: number; record: TrackerRecord } => {
  if (fields.length < 16) throw new FrameError("position report of fewer than 16 fields");
  const [event, latitude, longitude, stamp, validity, satellites, , speed, course, hdop, altitude, mileage, runtime, , status, analog] = fields;
  if (!/^\d{1,3}$/.test(event)) throw new FrameError("event code is not a number");
  if (!DEGREES.test(latitude) || !DEGREES.test(longitude)) throw new FrameError("latitude or longitude is not decimal degrees");
  const [lat, lon] = [Number(latitude), Number(longitude)];
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new FrameError("coordinate out of range");
  if (validity !== "A" && validity !== "V") throw new FrameError("positioning status is not A or V");
  const values = { speed: decimal(speed) ?? 0, course: decimal(course) ?? 0, hdop: decimal(hdop), altitude: decimal(altitude) };
  if (values.speed < 0 || values.course < 0 || values.course > 360) throw new FrameError("speed or course out of range");
  if (!/^[0-9A-F]{4}$/i.test(status)) throw new FrameError("I/O status is not four hex digits");
  const [meters, seconds] = [decimal(mileage), decimal(runtime)];
  const record: TrackerRecord = {
    time: stampTime(stamp),
    // V: the last known position, not a fix (storing it would put the vehicle where it was, as a new report).
    fix:
      validity === "A"
        ? {
            latitude: lat,
            longitude: lon,
            speedKmh: values.speed,
            heading: values.course,
            altitude: values.altitude,
            satellites: decimal(satellites),
            hdop: values.hdop,
          }
        : undefined,
    io: {
      ...meitrackInputs(Number.parseInt(status.slice(0, 2), 16)),
      externalVolts: externalVolts(analog),
      gpsOdometerMeters: meters === undefined || meters < 0 ? undefined : meters,
      engineSeconds: seconds === undefined || seconds < 0 ? undefined : seconds,
      fuelPercent: fuelPercent(fields[19]),
    },
  };
  return { code: Number(event), record };
};
