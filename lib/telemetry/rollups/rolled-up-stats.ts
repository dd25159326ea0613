import { sql } from "drizzle-orm";

/**
 * The stat columns (issue 38's Samsara types) the rollups keep beside the first ones, which
 * roll-up-rows.ts and find-stats-history.ts name one by one: gauges keep `<column>_sum` and
 * `<column>_count` (history averages them), counters `<column>_max` (they only grow), on/off inputs
 * `<column>_on` (whether the input was on in any sample of the bucket: a short activation is not lost).
 */
export const AVERAGED_STATS = ["engine_coolant_temperature_milli_c", "ambient_air_temperature_milli_c", "engine_load_percent", "def_level_milli_percent"];
export const MAXIMUM_STATS = ["gps_odometer_meters", "fuel_consumed_milliliters"];
export const ON_STATS = ["aux_input_1", "aux_input_2", "aux_input_3"];

/** Their rollup columns, in the order the selects below produce them. */
export const ROLLED_UP_STAT_COLUMNS = [
  ...AVERAGED_STATS.flatMap((column) => [`${column}_sum`, `${column}_count`]),
  ...MAXIMUM_STATS.map((column) => `${column}_max`),
  ...ON_STATS.map((column) => `${column}_on`),
];

const fragment = (parts: string[]) => sql.raw(parts.map((part) => `, ${part}`).join(""));

/** From raw samples, over the window `w`: a gauge's sum and count, a counter's maximum, whether an input was on. */
export const rollUpRawStats = () =>
  fragment([
    ...AVERAGED_STATS.flatMap((c) => [`coalesce(sum(${c}) over w, 0)`, `count(${c}) over w`]),
    ...MAXIMUM_STATS.map((c) => `max(${c}) over w`),
    ...ON_STATS.map((c) => `bool_or(${c}) over w`),
  ]);

/** From minute rollups, over the window `w`: the sums of sums and counts, the maximum of maxima, any minute's input on. */
export const rollUpMinuteStats = () =>
  fragment([
    ...AVERAGED_STATS.flatMap((c) => [`sum(${c}_sum) over w`, `sum(${c}_count) over w`]),
    ...MAXIMUM_STATS.map((c) => `max(${c}_max) over w`),
    ...ON_STATS.map((c) => `bool_or(${c}_on) over w`),
  ]);

/** A rollup row's columns as history's inner select names them (`<column>_sum`, `<column>_count`, `<column>_max`). */
export const rollupStatsAsHistory = () => fragment(ROLLED_UP_STAT_COLUMNS);

/** A raw sample's columns in the same shape (a sum of its one value, a count of 0 or 1, the value as maximum and as "on"). */
export const rawStatsAsHistory = () =>
  fragment([
    ...AVERAGED_STATS.flatMap((c) => [`coalesce(${c}, 0)::float8 as ${c}_sum`, `(${c} is not null)::int as ${c}_count`]),
    ...MAXIMUM_STATS.map((c) => `${c} as ${c}_max`),
    ...ON_STATS.map((c) => `${c} as ${c}_on`),
  ]);

/** A history bucket's readings: each gauge's average, each counter's maximum, each input on if it was in any row, under the sample column's name. */
export const bucketStats = () =>
  fragment([
    ...AVERAGED_STATS.map((c) => `sum(${c}_sum) / nullif(sum(${c}_count), 0) as ${c}`),
    ...MAXIMUM_STATS.map((c) => `max(${c}_max) as ${c}`),
    ...ON_STATS.map((c) => `bool_or(${c}_on) as ${c}`),
  ]);
