"use client";

import { ScrollRegion } from "@/components/ui/scroll-region";
import { useTimeZone } from "@/components/ui/time-zone";
import { formatDistance, formatDuration, type DistanceUnit } from "@/lib/platform/units";
import type { HistoryTrip } from "@/lib/dashboard/data/types";
import { formatDateTime } from "@/lib/platform/zoned-time";

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
    <section aria-labelledby="playback-trips-heading" className="playback-trips">
      <h2 id="playback-trips-heading">
        Trips <span className="muted small">({trips.length})</span>
      </h2>
      <ScrollRegion label="Trips in this range">
        <ol className="trip-list" data-testid="playback-trips">
          {trips.map((trip) => (
            <li key={trip.id}>
              <button type="button" className="button trip-button" aria-current={trip.id === activeTripId ? "true" : undefined} onClick={() => onJump(trip)}>
                <span className="trip-time">
                  {formatDateTime(Date.parse(trip.startTime), timeZone)} · {formatDuration(Date.parse(trip.endTime) - Date.parse(trip.startTime))} ·{" "}
                  {formatDistance(trip.distanceMeters, unit)}
                </span>
                <span className="muted small">
                  {trip.from || "—"} → {trip.to || "—"}
                </span>
              </button>
            </li>
          ))}
        </ol>
      </ScrollRegion>
    </section>
  );
};
