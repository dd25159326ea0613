"use client";

import { ScrollRegion } from "@/components/ui/scroll-region";
import { useTimeZone } from "@/components/ui/time-zone";
import type { HistorySafetyEvent } from "@/lib/dashboard/data/types";
import { describeSafetyEvent } from "@/lib/dashboard/view/safety-event-labels";
import { formatSpeed, type DistanceUnit } from "@/lib/platform/units";
import { formatDateTime } from "@/lib/platform/zoned-time";

/** The range's harsh-driving events and crashes (also drawn on the route); choosing one moves the playhead to it. */
export const SafetyEventList = ({ events, unit, onJump }: { events: readonly HistorySafetyEvent[]; unit: DistanceUnit; onJump: (time: string) => void }) => {
  const timeZone = useTimeZone();
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="playback-safety-heading" className="playback-trips">
      <h2 id="playback-safety-heading">
        Safety events <span className="muted small">({events.length})</span>
      </h2>
      <ScrollRegion label="Safety events in this range">
        <ol className="trip-list" data-testid="playback-safety-events">
          {events.map((event) => (
            <li key={event.id}>
              <button type="button" className="button trip-button" onClick={() => onJump(event.time)}>
                <span className="trip-time">{describeSafetyEvent(event)}</span>
                <span className="muted small">
                  {formatDateTime(Date.parse(event.time), timeZone, { seconds: true })}
                  {event.speed === null ? "" : ` · ${formatSpeed(event.speed, unit)}`}
                </span>
              </button>
            </li>
          ))}
        </ol>
      </ScrollRegion>
    </section>
  );
};
