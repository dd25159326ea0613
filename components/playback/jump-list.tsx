"use client";

import type { ReactNode } from "react";
import { ScrollRegion } from "@/components/ui/scroll-region";

type JumpItem = { key: string; current?: boolean; title: ReactNode; detail: ReactNode; onJump: () => void };

/** A titled list beside the replay whose every entry is a button that moves the playhead (trips, safety events). */
export const JumpList = ({ id, title, label, testId, items }: { id: string; title: string; label: string; testId: string; items: readonly JumpItem[] }) => (
  <section aria-labelledby={id} className="playback-trips">
    <h2 id={id}>
      {title} <span className="muted small">({items.length})</span>
    </h2>
    <ScrollRegion label={label}>
      <ol className="trip-list" data-testid={testId}>
        {items.map((item) => (
          <li key={item.key}>
            <button type="button" className="button trip-button" aria-current={item.current ? "true" : undefined} onClick={item.onJump}>
              <span className="trip-time">{item.title}</span>
              <span className="muted small">{item.detail}</span>
            </button>
          </li>
        ))}
      </ol>
    </ScrollRegion>
  </section>
);
