"use client";

import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useTimeZone } from "@/components/ui/time-zone";
import { timeTickLabel, timeTicks } from "@/lib/dashboard/view/time-ticks";
import { convertSpeed, SPEED_UNIT_LABELS, type DistanceUnit } from "@/lib/platform/units";
import type { HistoryPoint } from "@/lib/dashboard/data/types";
import { formatDateTime } from "@/lib/platform/zoned-time";

/** Speed over the track, with a line at the playhead; clicking the chart moves the playhead there. */
const SpeedChart = ({
  points,
  playheadMs,
  unit,
  onSeek,
}: {
  points: readonly HistoryPoint[];
  playheadMs: number;
  unit: DistanceUnit;
  onSeek: (ms: number) => void;
}) => {
  const timeZone = useTimeZone();
  const data = points.map((point) => ({ t: Date.parse(point.time), speed: Math.round(convertSpeed(point.speed, unit) * 10) / 10 }));
  const span = { from: data[0]?.t ?? 0, to: data.at(-1)?.t ?? 0 };
  return (
    <div className="chart-box" data-testid="speed-chart">
      <ResponsiveContainer width="100%" height={180}>
        <LineChart
          data={data}
          margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
          onClick={(state) => {
            const label = (state as { activeLabel?: number | string } | null)?.activeLabel;
            if (label !== undefined) onSeek(Number(label));
          }}
        >
          <CartesianGrid stroke="#e6eaf0" vertical={false} />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={["dataMin", "dataMax"]}
            ticks={timeTicks({ ...span, timeZone })}
            tickFormatter={timeTickLabel({ spanMs: span.to - span.from, timeZone })}
            tick={{ fontSize: 12 }}
            interval={0}
          />
          <YAxis
            tick={{ fontSize: 12 }}
            width={40}
            label={{ value: SPEED_UNIT_LABELS[unit], angle: -90, position: "insideLeft", fontSize: 11, fill: "#5b6678" }}
          />
          <Tooltip
            labelFormatter={(value) => formatDateTime(Number(value), timeZone, { seconds: true })}
            formatter={(value) => [`${value} ${SPEED_UNIT_LABELS[unit]}`, "Speed"]}
          />
          <Line type="monotone" dataKey="speed" stroke="#1f6feb" dot={false} strokeWidth={1.6} isAnimationActive={false} />
          <ReferenceLine x={playheadMs} stroke="#c62828" strokeWidth={2} ifOverflow="extendDomain" />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
};

export default SpeedChart;
