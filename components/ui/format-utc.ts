/** "2026-11-21 14:03 UTC": the same text on the server and in every browser, so hydration agrees. */
export const formatUtc = (date: Date | string | null, empty = "—") =>
  date ? `${new Date(date).toISOString().slice(0, 16).replace("T", " ")} UTC` : empty;
