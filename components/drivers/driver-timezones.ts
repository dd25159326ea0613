/** Suggested home-terminal time zones for the driver form (any IANA name is accepted). */
export const DRIVER_TIMEZONES = [
  "America/New_York",
  "America/Detroit",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Toronto",
  "America/Mexico_City",
  "UTC",
];
