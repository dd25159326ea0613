"use client";

import { useTimeZone } from "@/components/ui/time-zone";
import { formatDistance, formatDuration, type DistanceUnit } from "@/lib/platform/units";
import type { HistoryTrip } from "@/lib/dashboard/data/types";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { JumpList } from "./jump-list";

/** The range's detected trips; choosing one moves the playhead to its start. */
export const TripList = ({
  trips,
  unit,
  activeTripId,
  onJump,
}: {
  trips: readonly HistoryTrip[];
  unit: DistanceUnit;
  activeTripId: string | null;
  onJump: (trip: HistoryTrip) => void;
}) => {
  const timeZone = useTimeZone();
  if (trips.length === 0) return <p className="muted small">No trips detected in this range yet (trips are found as positions arrive).</p>;
  return (
    <JumpList
      id="playback-trips-heading"
      title="Trips"
      label="Trips in this range"
      testId="playback-trips"
      items={trips.map((trip) => ({
        key: trip.id,
        current: trip.id === activeTripId,
        title: [
          formatDateTime(Date.parse(trip.startTime), timeZone),
          formatDuration(Date.parse(trip.endTime) - Date.parse(trip.startTime)),
          formatDistance(trip.distanceMeters, unit),
        ].join(" · "),
        detail: `${trip.from || "—"} → ${trip.to || "—"}`,
        onJump: () => onJump(trip),
      }))}
    />
  );
};
