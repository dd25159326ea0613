"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** The daily summary's distance per day (all selected vehicles), as bars. */
export const DailyDistanceChart = ({ days, unit }: { days: { day: string; distance: number }[]; unit: string }) => (
  <figure className="report-chart" aria-label={`Distance per day, ${unit}`}>
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={days} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" />
        <YAxis unit={` ${unit}`} width={80} />
        <Tooltip />
        <Bar dataKey="distance" name={`Distance (${unit})`} fill="#2563eb" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
    <figcaption className="muted">Distance per day ({unit}), all selected vehicles</figcaption>
  </figure>
);
