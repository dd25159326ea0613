import type { DriverHosClocks } from "@/lib/hos/records/list-current-hos-clocks";
import type { GpsPoint } from "@/lib/telemetry/vehicle-history/find-gps-history";
import type { LocationPoint } from "@/lib/telemetry/vehicle-history/find-location-history";
import { describeLocation } from "@/lib/telemetry/vehicle-state/describe-location";
import { DUTY_STATUS_NAMES } from "@/lib/hos/rules";
import { hours, kilometres, kilometresPerHour, meters, minutes } from "./legacy-units";
import type { LegacyFleetEntry, withPosition } from "./load-legacy-fleet";

type LocatedEntry = ReturnType<typeof withPosition>[number];

/** "Maria Garcia Lopez" → name "Maria", surname "Garcia Lopez". */
const splitName = (fullName: string | undefined) => {
  const [first = "", ...rest] = (fullName ?? "").trim().split(/\s+/);
  return { driverName: first, driverSurname: rest.join(" ") };
};

/** 2.1: position, plus name, plate, trailers and odometer (km) with `additionalInfo`. */
export const toLegacyAssetPosition = ({ vehicle, state }: LocatedEntry, additionalInfo: boolean) => ({
  vin: vehicle.vin,
  utcTimestamp: state.locationTime.toISOString(),
  latitude: state.latitude,
  longitude: state.longitude,
  ...(additionalInfo ? { name: vehicle.name, plateNumber: vehicle.plateNumber, trailers: vehicle.trailers, odometer: kilometres(state.odometerMeters) } : {}),
});

/** 2.2: position, CAN values, driver and HOS timers. Without a driver the HOS fields are empty and zero. */
export const toLegacyAssetWithTimers = ({ vehicle, state }: LocatedEntry, clocks: DriverHosClocks | undefined, at: Date) => {
  const status = clocks ? DUTY_STATUS_NAMES[clocks.currentStatus] : undefined;
  return {
    vin: vehicle.vin,
    utcTimestamp: state.locationTime.toISOString(),
    latitude: state.latitude,
    longitude: state.longitude,
    odometer: kilometres(state.odometerMeters),
    ignition: state.engineState === "On" || state.engineState === "Idle",
    engineHH: hours(state.engineSeconds),
    fuel: Math.round((state.fuelPercent ?? 0) * 10) / 10,
    name: vehicle.name,
    plateNumber: vehicle.plateNumber,
    trailers: vehicle.trailers,
    ...splitName(vehicle.staticAssignedDriver?.name),
    rpm: Math.round(state.engineRpm ?? 0),
    statusAbbreviation: status?.abbreviation ?? "",
    statusDesctiption: status?.name ?? "",
    minsTillBreak: clocks ? minutes(clocks.timeUntilBreakMs) : 0,
    minsTillDriving: clocks ? minutes(clocks.driveRemainingMs) : 0,
    minsTillShift: clocks ? minutes(clocks.shiftRemainingMs) : 0,
    minsTillCycle: clocks ? minutes(clocks.cycleRemainingMs) : 0,
    // When the driver's current duty status began; the computation instant for a driver with no log yet.
    hosUtcTimestamp: (clocks?.currentStatusStartedAt ?? at).toISOString(),
  };
};

/**
 * 2.5: the asset's state. `gps` is null without a position and `can` without engine data;
 * `currentLocation` is null (and `address` empty) for a vehicle that has never reported a position.
 */
export const toLegacyAssetState = ({ vehicle, state }: LegacyFleetEntry, latestFixDistance: number | undefined) => {
  const located = state.locationTime !== null && state.latitude !== null && state.longitude !== null;
  return {
    assetId: vehicle.id,
    name: vehicle.name,
    plateNumber: vehicle.plateNumber,
    vin: vehicle.vin,
    driverId: vehicle.staticAssignedDriver ? String(vehicle.staticAssignedDriver.id) : "",
    currentLocation: located ? { latitude: state.latitude as number, longitude: state.longitude as number } : null,
    type: { id: vehicle.typeId, name: vehicle.typeName },
    subType: vehicle.subType,
    gps: located
      ? {
          latitude: state.latitude as number,
          longitude: state.longitude as number,
          newDistance: meters(latestFixDistance ?? 0),
          speed: kilometresPerHour(state.speed),
          direction: Math.round(state.heading ?? 0),
          hdop: state.hdop ?? 0,
          satellites: state.satellites ?? 0,
        }
      : null,
    can:
      state.statsTime === null
        ? null
        : {
            totalDistance: kilometres(state.odometerMeters),
            rpm: Math.round(state.engineRpm ?? 0),
            fuelTank1: Math.round((state.fuelPercent ?? 0) * 10) / 10,
            engineHours: hours(state.engineSeconds),
            vehicleSpeed: kilometresPerHour(state.ecuSpeed),
          },
    address: located ? describeLocation(state.latitude as number, state.longitude as number) : "",
  };
};

/** 2.3 */
export const toLegacyLocationPoint = (point: LocationPoint) => ({
  utcTimestamp: point.time.toISOString(),
  latitude: point.latitude,
  longitude: point.longitude,
});

/** 2.4: `distance` in meters (travelled within the point's bucket), `speed` in km/h, `direction` in degrees. */
export const toLegacyGpsPoint = (point: GpsPoint) => ({
  latitude: point.latitude,
  longitude: point.longitude,
  distance: meters(point.distance),
  speed: kilometresPerHour(point.speed),
  direction: Math.round(point.heading),
  hdop: point.hdop ?? 0,
  satellites: point.satellites ?? 0,
  utcTimestamp: point.time.toISOString(),
});
