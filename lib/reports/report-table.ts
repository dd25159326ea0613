/** How a column's numbers read: the table formats them, CSV and Excel keep the numbers. */
export type ReportColumnFormat = "text" | "time" | "day" | "distance" | "minutes" | "speed" | "percent" | "count";
export type ReportColumn = { key: string; label: string; format: ReportColumnFormat; /** How the totals row combines it. */ total?: "sum" | "max" };
export type ReportValue = string | number | null;
export type ReportRow = Record<string, ReportValue>;

/** A report: one table in display units (the company's distance and speed unit), with a totals row. */
export type Report = { title: string; columns: ReportColumn[]; rows: ReportRow[]; totals: ReportRow; units: { distance: "km" | "mi"; speed: "km/h" | "mph" } };

export const withTotals = (report: Omit<Report, "totals">): Report => {
  const totals: ReportRow = {};
  for (const column of report.columns) {
    if (!column.total) continue;
    // A loop, not map/filter/reduce: a month's daily summary of a large fleet has 300,000 rows.
    let total: number | null = null;
    for (const row of report.rows) {
      const value = row[column.key];
      if (typeof value === "number") total = total === null ? value : column.total === "sum" ? total + value : Math.max(total, value);
    }
    totals[column.key] = total;
  }
  return { ...report, totals };
};

/** The daily summary's distance per day, all its vehicles together (the page's chart). */
export const distancePerDay = (report: Report) => {
  const days = new Map<string, number>();
  for (const row of report.rows) days.set(String(row.day), (days.get(String(row.day)) ?? 0) + Number(row.distance ?? 0));
  return [...days].map(([day, distance]) => ({ day, distance: Math.round(distance * 10) / 10 }));
};
