/** Fraction digits a value axis label may carry: ticks a twentieth apart (7,486.45) stay distinct. */
const FRACTION_DIGITS = 2;

/** A value axis label: thousands separated, at most two decimals. */
export const formatAxisNumber = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: FRACTION_DIGITS });

/** Pixels per character of a 12 px tick label (digits, comma, point, minus), with room to spare. */
const CHARACTER_PX = 7.5;
/** The tick mark and the gap between it and the label. */
const TICK_PX = 14;

/**
 * How wide a value axis must be to show its tick labels whole: a fixed width clipped the leading
 * digits of large readings (an odometer at 187,789.5 km read "87,789.5"). Ticks fall between the
 * data's extremes, so the longest label is an extreme with every decimal.
 */
export const valueAxisWidth = (values: readonly number[]) => {
  if (values.length === 0) return TICK_PX + 3 * CHARACTER_PX;
  const longest = Math.max(
    ...[Math.min(...values), Math.max(...values)].map(
      (value) => value.toLocaleString("en-US", { minimumFractionDigits: FRACTION_DIGITS, maximumFractionDigits: FRACTION_DIGITS }).length,
    ),
  );
  return Math.ceil(TICK_PX + longest * CHARACTER_PX);
};
