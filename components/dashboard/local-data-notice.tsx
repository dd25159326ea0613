import { isUpstreamFleet } from "@/lib/dashboard/data";

/**
 * With FLEET_API_URL set, the map, playback and stats show the upstream fleet; a page that still shows
 * this service's own data says so plainly (nothing otherwise).
 */
export const LocalDataNotice = ({ subject, reason }: { subject: string; reason: string }) =>
  isUpstreamFleet() ? (
    <div className="alert alert-info" role="note" data-testid="local-data-notice">
      <strong>{subject}: this service&apos;s own data, not the upstream fleet API&apos;s.</strong>
      <p>The map, playback and stats show the upstream fleet (FLEET_API_URL); {reason}</p>
    </div>
  ) : null;
