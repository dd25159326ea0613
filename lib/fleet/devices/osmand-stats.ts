import { z } from "zod";
import { engineStateOf, type StatSample } from "@/lib/telemetry/store";

const number = z.preprocess((value) => (value === "" || value === undefined ? undefined : Number(value)), z.number().finite().optional());
const flag = z.preprocess((value) => (value === undefined || value === "" ? undefined : value === "true" || value === "1"), z.boolean().optional());

/**
 * The vehicle values an OsmAnd client may send beside the fix, under Traccar's attribute names (its
 * "Position" keys, which Traccar stores for OsmAnd devices as they come): apps that read the OBD port
 * and send them this way use these spellings. Traccar Client itself sends none of them.
 */
export const osmandStatParamsSchema = z.object({
  ignition: flag.meta({ description: "`true` or `1`: the engine is on (the stat engineState)." }),
  rpm: number.meta({ description: "Engine RPM." }),
  fuelLevel: number.meta({ description: "Fuel level, percent." }),
  power: number.meta({ description: "The vehicle's supply voltage, volts (the stat batteryMilliVolts)." }),
  coolantTemp: number.meta({ description: "Engine coolant temperature, °C." }),
  engineLoad: number.meta({ description: "Engine load, percent." }),
  obdSpeed: number.meta({ description: "Speed as the ECU reports it, km/h." }),
  obdOdometer: number.meta({ description: "The ECU's odometer, meters (the stat obdOdometerMeters)." }),
  odometer: number.meta({ description: "The device's own distance counter, meters (the stat gpsOdometerMeters)." }),
  hours: number.meta({ description: "Engine hours, milliseconds (the stat obdEngineSeconds)." }),
  fuelUsed: number.meta({ description: "Fuel used, liters (the stat fuelConsumedMilliliters)." }),
  in1: flag.meta({ description: "Digital input 1, `true`/`1` on, `false`/`0` off (the stat auxInput1)." }),
  in2: flag.meta({ description: "Digital input 2 (the stat auxInput2)." }),
  in3: flag.meta({ description: "Digital input 3 (the stat auxInput3)." }),
});

type OsmandStatParams = z.infer<typeof osmandStatParamsSchema>;

const times = (value: number | undefined, factor: number) => (value === undefined ? null : value * factor);

type StatReadings = Omit<StatSample, "companyId" | "dataset" | "vehicleId" | "time">;

/** The stat readings of an OsmAnd request in the stored units, or null when it sends none. */
export const osmandStatReadings = (params: OsmandStatParams, speedKmh: number | undefined): StatReadings | null => {
  const { ignition, rpm, fuelLevel, power, coolantTemp, engineLoad, obdSpeed, obdOdometer, odometer, hours, fuelUsed, in1, in2, in3 } = params;
  const readings = {
    engineState: engineStateOf(ignition, speedKmh),
    engineRpm: rpm ?? null,
    fuelPercent: fuelLevel ?? null,
    batteryMilliVolts: times(power, 1000),
    engineCoolantTemperatureMilliC: times(coolantTemp, 1000),
    engineLoadPercent: engineLoad ?? null,
    speed: times(obdSpeed, 1000 / 3600),
    odometerMeters: obdOdometer ?? null,
    gpsOdometerMeters: odometer ?? null,
    engineSeconds: times(hours, 1 / 1000),
    fuelConsumedMilliliters: times(fuelUsed, 1000),
    auxInput1: in1 ?? null,
    auxInput2: in2 ?? null,
    auxInput3: in3 ?? null,
  };
  return Object.values(readings).some((value) => value !== null) ? readings : null;
};
