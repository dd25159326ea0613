"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import type { FleetChanges, LiveLocation } from "@/lib/dashboard/data/types";
import type { SharedVehicle } from "@/lib/live/shares/shared-position";

const SharedVehicleMap = dynamic(() => import("@/components/map/shared-vehicle-map"), {
  ssr: false,
  loading: () => <div className="share-map map-loading">Loading map…</div>,
});

type Props = { token: string; shared: SharedVehicle | null; tileUrl: string; attribution: string };

const formatReport = (time: string) => new Date(time).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** Follows the shared vehicle over server-sent events until the link ends (revoked or expired). */
export const SharedVehicleScreen = ({ token, shared, tileUrl, attribution }: Props) => {
  const [location, setLocation] = useState<LiveLocation | null>(shared?.location ?? null);
  const [ended, setEnded] = useState(shared === null);

  useEffect(() => {
    if (!shared) return;
    const source = new EventSource(`/share/${encodeURIComponent(token)}/stream?after=${shared.streamSeq}`);
    source.addEventListener("changes", (event) => {
      const [latest] = (JSON.parse((event as MessageEvent<string>).data) as FleetChanges).locations;
      if (latest) setLocation((current) => (current && current.time > latest.location.time ? current : latest.location));
    });
    const end = () => {
      source.close();
      setEnded(true);
      setLocation(null);
    };
    source.addEventListener("end", end);
    // The server refused a reconnect: the link stopped working while the page was closed or offline.
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) end();
    };
    return () => source.close();
  }, [shared, token]);

  return (
    <main className="share-screen">
      <header className="share-head">
        <h1>{shared && !ended ? shared.title : "Live location"}</h1>
        {shared && !ended ? (
          <p className="muted" data-testid="share-status">
            {shared.vehicleName} · {location ? `last report ${formatReport(location.time)}` : "no position reported yet"}
          </p>
        ) : (
          <p role="status" data-testid="share-status">
            This live location link has expired or was revoked.
          </p>
        )}
      </header>
      {shared && !ended ? (
        <SharedVehicleMap
          position={location ? [location.latitude, location.longitude] : null}
          start={shared.start}
          tileUrl={tileUrl}
          attribution={attribution}
        />
      ) : null}
    </main>
  );
};
