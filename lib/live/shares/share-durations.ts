/** How long a link made from the map works: the dashboard offers these, the API takes any future time. */
export const SHARE_DURATIONS_HOURS = [1, 4, 24] as const;
