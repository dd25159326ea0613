"use client";

import "@/components/dashboard/dashboard.css";
import { useQuery } from "@tanstack/react-query";
import type { MapStart } from "@/lib/fleet/places/map-start";
import dynamic from "next/dynamic";
import { useEffect, useMemo, useRef, useState } from "react";
import { fetchJson } from "@/components/dashboard/fetch-json";
import { Notice } from "@/components/dashboard/states";
import { useDistanceUnit } from "@/components/ui/company-units";
import { useVehicleRange } from "@/components/dashboard/use-vehicle-range";
import { VehicleRangePage } from "@/components/dashboard/vehicle-range-page";
import { useTimeZone } from "@/components/ui/time-zone";
import { summarizeTrip } from "@/lib/dashboard/view/trip-summary";
import { formatDistance, formatDuration, formatSpeed } from "@/lib/platform/units";
import type { LocationHistory } from "@/lib/dashboard/data/types";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { PLAYBACK_SPEEDS, positionAt, TRACK_MS_PER_SECOND_AT_1X } from "./playhead";
import { SafetyEventList } from "./safety-event-list";
import { TripList } from "./trip-list";

const PlaybackMap = dynamic(() => import("./playback-map"), { ssr: false, loading: () => <div className="playback-map map-loading">Loading map…</div> });
const SpeedChart = dynamic(() => import("./speed-chart"), { ssr: false, loading: () => <div className="chart-box chart-loading" /> });

const Stat = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <div className="stat-card">
    <div className="stat-label">{label}</div>
    <div className="stat-value" data-testid={testId}>
      {value}
    </div>
  </div>
);

export const PlaybackScreen = ({ tileUrl, attribution, start }: { tileUrl: string; attribution: string; start: MapStart }) => {
  const picker = useVehicleRange();
  const { vehicleId, range, rangeError } = picker;
  const unit = useDistanceUnit();
  const timeZone = useTimeZone();
  const history = useQuery({
    queryKey: ["location-history", vehicleId, range.from, range.to],
    enabled: Boolean(vehicleId) && !rangeError,
    queryFn: ({ signal }) => fetchJson<LocationHistory>(`/api/dashboard/vehicles/${vehicleId}/locations?${new URLSearchParams(range)}`, signal),
  });
  const points = useMemo(() => history.data?.points ?? [], [history.data]);
  const summary = useMemo(() => summarizeTrip(points), [points]);
  const startMs = points.length ? Date.parse(points[0].time) : 0;
  const endMs = points.length ? Date.parse(points[points.length - 1].time) : 0;

  const [playheadMs, setPlayheadMs] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof PLAYBACK_SPEEDS)[number]>(5);
  // The map opens on the whole route; following starts when the replay does.
  const [follow, setFollow] = useState(false);
  const play = () => {
    if (playheadMs >= endMs) setPlayheadMs(startMs);
    setFollow(true);
    setPlaying(true);
  };

  // A new route opens at its start, or at the moment the link asked for (a safety event's).
  const openAt = picker.at;
  useEffect(() => {
    setPlayheadMs(openAt !== null && openAt >= startMs && openAt <= endMs ? openAt : startMs);
    setPlaying(false);
  }, [startMs, endMs, openAt]);

  // Advance the playhead on animation frames by elapsed wall time × speed.
  const speedRef = useRef(speed);
  speedRef.current = speed;
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const elapsed = now - last;
      last = now;
      setPlayheadMs((current) => {
        const next = current + (elapsed / 1000) * TRACK_MS_PER_SECOND_AT_1X * speedRef.current;
        if (next >= endMs) {
          setPlaying(false);
          return endMs;
        }
        return next;
      });
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, endMs]);

  const position = useMemo(() => positionAt(points, playheadMs), [points, playheadMs]);
  const trips = useMemo(() => history.data?.trips ?? [], [history.data]);
  const safetyEvents = useMemo(() => history.data?.safetyEvents ?? [], [history.data]);
  const activeTripId = trips.find((trip) => Date.parse(trip.startTime) <= playheadMs && playheadMs <= Date.parse(trip.endTime))?.id ?? null;
  const jumpTo = (startTime: string) => {
    setPlaying(false);
    setFollow(true);
    setPlayheadMs(Math.min(Math.max(Date.parse(startTime), startMs), endMs));
  };

  const body = (() => {
    if (picker.choosingVehicle) return <Notice kind="loading" title="Opening on a vehicle that moved recently…" />;
    if (!vehicleId)
      return (
        <Notice kind="empty" title="Choose a vehicle">
          Pick a vehicle and a time range above to replay its route.
        </Notice>
      );
    if (rangeError)
      return (
        <Notice kind="error" title="Fix the time range">
          {rangeError}
        </Notice>
      );
    if (history.isPending) return <Notice kind="loading" title="Loading the route…" />;
    if (history.error)
      return (
        <Notice
          kind="error"
          title="The route could not be loaded"
          action={
            <button type="button" className="button" onClick={() => history.refetch()}>
              Try again
            </button>
          }
        >
          {history.error.message}
        </Notice>
      );
    if (points.length === 0)
      return (
        <Notice kind="empty" title="No positions in this range">
          The vehicle sent no position between these times, so there is no route to replay. Try a longer range, e.g. the last 7 days.
        </Notice>
      );
    return (
      <>
        <div className="summary-grid" data-testid="trip-summary">
          <Stat label="Distance" value={formatDistance(summary.distanceMeters, unit)} testId="summary-distance" />
          <Stat label="Driving time" value={formatDuration(summary.drivingMs)} testId="summary-driving" />
          <Stat label="Stopped time" value={formatDuration(summary.stoppedMs)} testId="summary-stopped" />
          <Stat label="Max speed" value={formatSpeed(summary.maxSpeed, unit)} testId="summary-max-speed" />
          <Stat label="Average speed" value={formatSpeed(summary.averageSpeed, unit)} testId="summary-average-speed" />
          <Stat label="Stops" value={String(summary.stops.length)} testId="summary-stops" />
        </div>
        <div className="playback-stage" data-testid="playback-stage" data-points={points.length}>
          <PlaybackMap
            points={points}
            stops={summary.stops}
            safetyEvents={safetyEvents}
            position={position}
            follow={follow}
            tileUrl={tileUrl}
            attribution={attribution}
            start={start}
          />
        </div>
        <div className="player" role="group" aria-label="Playback controls">
          <button type="button" className="button-primary play-button" onClick={() => (playing ? setPlaying(false) : play())}>
            {playing ? "Pause" : "Play"}
          </button>
          <input
            type="range"
            className="scrubber"
            aria-label="Playhead"
            min={startMs}
            max={endMs}
            step={1000}
            value={playheadMs}
            onChange={(event) => setPlayheadMs(Number(event.target.value))}
          />
          <span className="playhead-time" data-testid="playhead-time">
            {formatDateTime(playheadMs, timeZone, { seconds: true })}
          </span>
          <label className="field-inline">
            Speed
            <select className="input" aria-label="Playback speed" value={speed} onChange={(event) => setSpeed(Number(event.target.value) as typeof speed)}>
              {PLAYBACK_SPEEDS.map((option) => (
                <option key={option} value={option}>
                  {option}x
                </option>
              ))}
            </select>
          </label>
          <label className="field-inline">
            <input type="checkbox" checked={follow} onChange={(event) => setFollow(event.target.checked)} /> Follow vehicle
          </label>
          <span className="muted small" data-testid="playhead-speed">
            {position ? formatSpeed(position.speed, unit) : ""}
          </span>
        </div>
        <SpeedChart points={points} playheadMs={playheadMs} unit={unit} onSeek={setPlayheadMs} />
        <TripList trips={trips} unit={unit} activeTripId={activeTripId} onJump={(trip) => jumpTo(trip.startTime)} />
        <SafetyEventList events={safetyEvents} unit={unit} onJump={jumpTo} />
      </>
    );
  })();

  return (
    <VehicleRangePage title="Playback" picker={picker}>
      {body}
    </VehicleRangePage>
  );
};
