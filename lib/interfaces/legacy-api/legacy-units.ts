/**
 * Units of the legacy interface (interface.md shows none; decided in docs/decisions.md): metric, as
 * its partners read it. Distances travelled between fixes in meters, odometers in kilometres, speeds
 * in km/h, engine hours in hours, fuel in percent of the tank.
 */
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export const kilometres = (meters: number | null) => round((meters ?? 0) / 1000, 3);
export const kilometresPerHour = (metersPerSecond: number | null) => round((metersPerSecond ?? 0) * 3.6, 1);
export const hours = (seconds: number | null) => round((seconds ?? 0) / 3600, 2);
export const meters = (value: number | null) => round(value ?? 0, 1);
export const minutes = (milliseconds: number) => Math.floor(milliseconds / 60_000);
