"use client";

import { ScrollRegion } from "@/components/ui/scroll-region";
import { useTimeZone } from "@/components/ui/time-zone";
import type { UnclaimedDevice } from "@/lib/devices/unclaimed-devices";
import { formatDateTime } from "@/lib/time-zone/zoned-time";

export type UnclaimedRow = Omit<UnclaimedDevice, "remoteAddress">;

const PROTOCOL_LABELS = { teltonika: "Teltonika", gt06: "GT06", osmand: "OsmAnd" } as const;

/** Devices that report but are registered nowhere: first and last report, how often; an admin claims one. */
export const UnclaimedTable = ({ devices, onClaim }: { devices: UnclaimedRow[]; onClaim: (device: UnclaimedRow) => void }) => {
  const timeZone = useTimeZone();
  if (devices.length === 0) return <p className="empty-state">No unclaimed devices: every device that reports is registered.</p>;
  return (
    <ScrollRegion label="Unclaimed devices" className="table-scroll">
      <table className="data cards-on-phone" aria-label="Unclaimed devices" data-testid="unclaimed-table">
        <thead>
          <tr>
            <th>Identifier</th>
            <th>Reported over</th>
            <th>First report</th>
            <th>Last report</th>
            <th>Reports</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {devices.map((device) => (
            <tr key={`${device.identifier}:${device.protocol}`} data-unclaimed={device.identifier}>
              <td className="cell-strong" data-label="Identifier">
                <code>{device.identifier}</code>
              </td>
              <td data-label="Reported over">{PROTOCOL_LABELS[device.protocol]}</td>
              <td data-label="First report">{formatDateTime(device.firstSeenAt, timeZone)}</td>
              <td data-label="Last report">{formatDateTime(device.lastSeenAt, timeZone)}</td>
              <td data-label="Reports">{device.connectionCount}</td>
              <td className="cell-actions">
                <button type="button" className="button button-small" onClick={() => onClaim(device)} aria-label={`Claim ${device.identifier}`}>
                  Claim
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
};
