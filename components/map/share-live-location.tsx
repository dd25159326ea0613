"use client";

import { useId, useState } from "react";
import { useActionCall } from "@/components/ui/use-action-call";
import type { ActionResult } from "@/lib/access/actions";
import { SHARE_DURATIONS_HOURS } from "@/lib/live/shares/share-durations";

/** The page's server action that makes the link (passed down: components import no server code). */
export type ShareLiveLocationAction = (input: { vehicleId: string; hours: number }) => Promise<ActionResult<{ url: string }>>;

/** The vehicle panel's "Share live location": an expiring public link to copy and send. */
export const ShareLiveLocation = ({
  vehicleId,
  vehicleName,
  shareAction,
}: {
  vehicleId: string;
  vehicleName: string;
  shareAction: ShareLiveLocationAction;
}) => {
  const [hours, setHours] = useState<number>(SHARE_DURATIONS_HOURS[1]);
  const { run, pending, result } = useActionCall<{ url: string }>();
  const [copied, setCopied] = useState(false);
  const durationId = useId();
  const share = () => {
    setCopied(false);
    run(() => shareAction({ vehicleId, hours }));
  };
  return (
    <section className="share-live" aria-label={`Share the live location of ${vehicleName}`}>
      <div className="share-live-row">
        <label htmlFor={durationId}>Link works for</label>
        <select id={durationId} className="input" value={hours} onChange={(event) => setHours(Number(event.target.value))}>
          {SHARE_DURATIONS_HOURS.map((option) => (
            <option key={option} value={option}>
              {option === 1 ? "1 hour" : `${option} hours`}
            </option>
          ))}
        </select>
        <button type="button" className="button" onClick={share} disabled={pending}>
          {pending ? "Sharing…" : "Share live location"}
        </button>
      </div>
      {result?.ok ? (
        <div className="share-live-row" data-testid="share-link">
          <input className="input" readOnly aria-label="Live location link" value={result.url} onFocus={(event) => event.target.select()} />
          <button
            type="button"
            className="button"
            onClick={() =>
              navigator.clipboard?.writeText(result.url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? "Copied" : "Copy"}
          </button>
        </div>
      ) : result ? (
        <p className="text-danger small" role="alert">
          {result.message}
        </p>
      ) : null}
    </section>
  );
};
