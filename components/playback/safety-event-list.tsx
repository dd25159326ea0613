"use client";

import { useTimeZone } from "@/components/ui/time-zone";
import type { HistorySafetyEvent } from "@/lib/dashboard/data/types";
import { describeSafetyEvent } from "@/lib/dashboard/view/safety-event-labels";
import { formatSpeed, type DistanceUnit } from "@/lib/platform/units";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { JumpList } from "./jump-list";

/** The range's harsh-driving events and crashes (also drawn on the route); choosing one moves the playhead to it. */
export const SafetyEventList = ({ events, unit, onJump }: { events: readonly HistorySafetyEvent[]; unit: DistanceUnit; onJump: (time: string) => void }) => {
  const timeZone = useTimeZone();
  if (events.length === 0) return null;
  return (
    <JumpList
      id="playback-safety-heading"
      title="Safety events"
      label="Safety events in this range"
      testId="playback-safety-events"
      items={events.map((event) => ({
        key: event.id,
        title: describeSafetyEvent(event),
        detail: `${formatDateTime(Date.parse(event.time), timeZone, { seconds: true })}${event.speed === null ? "" : ` · ${formatSpeed(event.speed, unit)}`}`,
        onJump: () => onJump(event.time),
      }))}
    />
  );
};
