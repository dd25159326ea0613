"use client";

import "@/components/dashboard/dashboard.css";
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useEffect, useMemo, useState } from "react";
import { fetchJson } from "@/components/dashboard/fetch-json";
import { Notice } from "@/components/dashboard/states";
import { useDistanceUnit } from "@/components/ui/company-units";
import { useVehicleRange } from "@/components/dashboard/use-vehicle-range";
import { VehicleRangePage } from "@/components/dashboard/vehicle-range-page";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { useTimeZone } from "@/components/ui/time-zone";
import { toCsv, type CsvColumn } from "@/lib/platform/csv";
import { csvFileName } from "@/lib/dashboard/view/stats-csv";
import { STAT_SERIES, type StatSeriesName, type StatsHistory } from "@/lib/dashboard/data/types";
import { formatDateTime, isoInZone } from "@/lib/platform/zoned-time";
import { seriesDisplay } from "./stat-series";

const StatsCharts = dynamic(() => import("./stats-charts"), { ssr: false, loading: () => <Notice kind="loading" title="Drawing charts…" /> });

type CsvRow = { time: number } & Partial<Record<StatSeriesName, number>>;

/** The shown readings as rows, one per timestamp, the series side by side in display units. */
const tableRows = (history: StatsHistory, domain: [number, number], convert: ReturnType<typeof seriesDisplay>) => {
  const rows = new Map<number, CsvRow>();
  for (const name of STAT_SERIES) {
    for (const point of history.series[name]) {
      const time = Date.parse(point.time);
      if (time < domain[0] || time > domain[1]) continue;
      const row = rows.get(time) ?? { time };
      row[name] = Number(convert[name].convert(point.value).toFixed(convert[name].digits + 1));
      rows.set(time, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.time - b.time);
};

const download = (text: string, fileName: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};

export const StatsScreen = () => {
  const picker = useVehicleRange();
  const { vehicleId, range, rangeError } = picker;
  const unit = useDistanceUnit();
  const timeZone = useTimeZone();
  const history = useQuery({
    queryKey: ["stats-history", vehicleId, range.from, range.to],
    enabled: Boolean(vehicleId) && !rangeError,
    queryFn: ({ signal }) => fetchJson<StatsHistory>(`/api/dashboard/vehicles/${vehicleId}/stats?${new URLSearchParams(range)}`, signal),
  });
  const fullDomain = useMemo<[number, number]>(() => [Date.parse(range.from), Date.parse(range.to)], [range.from, range.to]);
  const [zoom, setZoom] = useState<[number, number] | null>(null);
  useEffect(() => setZoom(null), [fullDomain]);
  const domain = zoom ?? fullDomain;
  const display = seriesDisplay(unit);
  const readings = history.data ? STAT_SERIES.reduce((sum, name) => sum + history.data.series[name].length, 0) : 0;

  const exportCsv = () => {
    if (!history.data) return;
    const columns: CsvColumn<CsvRow>[] = [
      { header: `time (${timeZone})`, value: (row) => isoInZone(row.time, timeZone) },
      ...STAT_SERIES.map((name) => ({ header: `${display[name].title} (${display[name].unit})`, value: (row: CsvRow) => row[name] })),
    ];
    const from = isoInZone(domain[0], timeZone);
    const to = isoInZone(domain[1], timeZone);
    download(toCsv(columns, tableRows(history.data, domain, display)), csvFileName({ vehicleName: history.data.vehicle.name, from, to }));
  };

  const body = (() => {
    if (picker.choosingVehicle) return <Notice kind="loading" title="Opening on a vehicle that moved recently…" />;
    if (!vehicleId)
      return (
        <Notice kind="empty" title="Choose a vehicle">
          Pick a vehicle and a time range above to chart its fuel, RPM, odometer, engine hours and speed.
        </Notice>
      );
    if (rangeError)
      return (
        <Notice kind="error" title="Fix the time range">
          {rangeError}
        </Notice>
      );
    if (history.isPending) return <Notice kind="loading" title="Loading stats…" />;
    if (history.error)
      return (
        <Notice
          kind="error"
          title="Stats could not be loaded"
          action={
            <button type="button" className="button" onClick={() => history.refetch()}>
              Try again
            </button>
          }
        >
          {history.error.message}
        </Notice>
      );
    if (readings === 0)
      return (
        <Notice kind="empty" title="No readings in this range">
          The vehicle sent no engine data between these times. Try a longer range, e.g. the last 7 days.
        </Notice>
      );
    return (
      <>
        <div className="chart-toolbar">
          <span className="muted small">Drag across a chart to zoom all charts to that span.</span>
          {zoom ? (
            <button type="button" className="button" onClick={() => setZoom(null)}>
              Reset zoom
            </button>
          ) : null}
          <button type="button" className="button-primary" onClick={exportCsv}>
            Export CSV
          </button>
        </div>
        <StatsCharts series={history.data.series} faultCodes={history.data.faultCodes} domain={domain} unit={unit} onZoom={setZoom} />
        <h2>Fault codes in this range</h2>
        {history.data.faultCodes.length === 0 ? (
          <p className="muted" data-testid="fault-history">
            None.
          </p>
        ) : (
          <ScrollRegion label="Fault codes in this range">
            <table className="data" data-testid="fault-history">
              <thead>
                <tr>
                  <th>Code</th>
                  <th>Description</th>
                  <th>First seen</th>
                  <th>Last seen</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {history.data.faultCodes.map((fault) => (
                  <tr key={`${fault.code}-${fault.firstSeenAt}`}>
                    <td>{fault.code}</td>
                    <td>{fault.description}</td>
                    <td>{formatDateTime(fault.firstSeenAt, timeZone)}</td>
                    <td>{formatDateTime(fault.lastSeenAt, timeZone)}</td>
                    <td>{fault.clearedAt ? "Cleared" : "Active"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </>
    );
  })();

  return (
    <VehicleRangePage title="Stats" picker={picker}>
      {body}
    </VehicleRangePage>
  );
};
