"use client";

import { useState } from "react";
import { CartesianGrid, Line, LineChart, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useTimeZone } from "@/components/ui/time-zone";
import { formatAxisNumber, valueAxisWidth } from "@/lib/dashboard/view/chart-axis";
import { timeTickLabel, timeTicks } from "@/lib/dashboard/view/time-ticks";
import type { DistanceUnit } from "@/lib/platform/units";
import { STAT_SERIES, type FaultCode, type SeriesPoint, type StatSeriesName } from "@/lib/dashboard/data/types";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { seriesDisplay } from "./stat-series";

type Domain = [number, number];

type ChartsProps = {
  series: Record<StatSeriesName, SeriesPoint[]>;
  faultCodes: FaultCode[];
  domain: Domain;
  unit: DistanceUnit;
  /** Drag across any chart to zoom all of them to that span. */
  onZoom: (domain: Domain) => void;
};

const SeriesChart = ({ name, points, faultCodes, domain, unit, onZoom }: Omit<ChartsProps, "series"> & { name: StatSeriesName; points: SeriesPoint[] }) => {
  const display = seriesDisplay(unit)[name];
  const timeZone = useTimeZone();
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const data = points
    .map((point) => ({ t: Date.parse(point.time), value: Number(display.convert(point.value).toFixed(display.digits)) }))
    .filter((point) => point.t >= domain[0] && point.t <= domain[1]);
  const label = (state: unknown) => (state as { activeLabel?: number | string } | null)?.activeLabel;
  return (
    <figure className="chart-card" data-testid={`chart-${name}`}>
      <figcaption>
        {display.title} <span className="muted">({display.unit})</span>
      </figcaption>
      {data.length === 0 ? (
        <p className="muted small chart-empty">No readings in this range.</p>
      ) : (
        <ResponsiveContainer width="100%" height={170}>
          <LineChart
            data={data}
            margin={{ top: 6, right: 16, bottom: 0, left: 0 }}
            onMouseDown={(state) => {
              const at = label(state);
              if (at !== undefined) setDrag({ from: Number(at), to: Number(at) });
            }}
            onMouseMove={(state) => {
              const at = label(state);
              if (drag && at !== undefined) setDrag({ ...drag, to: Number(at) });
            }}
            onMouseUp={() => {
              if (drag && drag.from !== drag.to) onZoom([Math.min(drag.from, drag.to), Math.max(drag.from, drag.to)]);
              setDrag(null);
            }}
          >
            <CartesianGrid stroke="#e6eaf0" vertical={false} />
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={domain}
              allowDataOverflow
              ticks={timeTicks({ from: domain[0], to: domain[1], timeZone, maxTicks: 5 })}
              tickFormatter={timeTickLabel({ spanMs: domain[1] - domain[0], timeZone })}
              tick={{ fontSize: 12 }}
              interval={0}
            />
            <YAxis
              tick={{ fontSize: 12 }}
              width={valueAxisWidth(display.domain ?? data.map((point) => point.value))}
              domain={display.domain ?? ["auto", "auto"]}
              tickFormatter={formatAxisNumber}
            />
            <Tooltip
              labelFormatter={(value) => formatDateTime(Number(value), timeZone, { seconds: true })}
              formatter={(value) => [`${value} ${display.unit}`, display.title]}
            />
            {faultCodes.map((fault) => {
              const at = Date.parse(fault.firstSeenAt);
              return at >= domain[0] && at <= domain[1] ? (
                <ReferenceLine
                  key={`${fault.code}-${fault.firstSeenAt}`}
                  x={at}
                  stroke="#c62828"
                  strokeDasharray="4 3"
                  label={{ value: fault.code, position: "insideTopLeft", fontSize: 10, fill: "#c62828" }}
                />
              ) : null;
            })}
            <Line type="monotone" dataKey="value" stroke={display.color} dot={false} strokeWidth={1.6} isAnimationActive={false} />
            {drag ? <ReferenceArea x1={drag.from} x2={drag.to} fill="#1f6feb" fillOpacity={0.12} /> : null}
          </LineChart>
        </ResponsiveContainer>
      )}
    </figure>
  );
};

/** One chart per series, sharing one time axis and zoom; fault codes as red dashed lines where first seen. */
const StatsCharts = ({ series, ...rest }: ChartsProps) => (
  <div className="chart-grid">
    {STAT_SERIES.map((name) => (
      <SeriesChart key={name} name={name} points={series[name]} {...rest} />
    ))}
  </div>
);

export default StatsCharts;
