"use client";

import { ScrollRegion } from "@/components/ui/scroll-region";
import { useTimeZone } from "@/components/ui/time-zone";
import { DEVICE_MODEL_LABELS } from "@/lib/fleet/devices/device-model-labels";
import type { DeviceListItem } from "@/lib/fleet/devices/list-devices";
import { timeAgo } from "@/lib/platform/time-ago";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { ClientButton } from "@/components/ui/client-button";

const CONNECTION_LABELS = { online: "Online", offline: "Offline", never: "No report" } as const;
const CONNECTION_CLASSES = { online: "status-active", offline: "status-revoked", never: "status-expired" } as const;

/** A phone reports its battery in percent, a hardware tracker its vehicle's supply voltage. */
const batteryText = ({ battery, batteryMilliVolts }: DeviceListItem) => {
  const parts = [battery === null ? null : `${Math.round(battery)} %`, batteryMilliVolts === null ? null : `${(batteryMilliVolts / 1000).toFixed(1)} V`];
  return parts.filter((part) => part !== null).join(" · ") || "—";
};

/**
 * What the device last sent and how long ago (as of `now`, the page's render, so server and browser agree), with the
 * protocol when it is not the registered model's.
 */
const LastMessage = ({ device, now, timeZone }: { device: DeviceListItem; now: Date; timeZone: string }) => {
  const { lastMessage } = device;
  if (!lastMessage) return <span className="muted">None yet</span>;
  // One element: a phone's card puts each child of the cell in its own grid cell.
  return (
    <div>
      {lastMessage.kind}
      <span className="cell-sub">
        <time dateTime={lastMessage.at.toISOString()} title={formatDateTime(lastMessage.at, timeZone, { seconds: true })}>
          {timeAgo(lastMessage.at, now)}
        </time>
        {lastMessage.protocol !== device.model && ` · ${DEVICE_MODEL_LABELS[lastMessage.protocol]}`}
      </span>
    </div>
  );
};

type DevicesTableProps = {
  devices: DeviceListItem[];
  /** When the page was rendered: the last messages' ages are counted from it. */
  now: Date;
  canManage: boolean;
  onBind: (device: DeviceListItem) => void;
  onRemove: (device: DeviceListItem) => void;
};

/**
 * Each registered device: its model (protocol), last message of any kind, vehicle (marked when archived), last report,
 * position, battery or voltage, online or offline; admins bind, move, unbind or remove it.
 */
export const DevicesTable = ({ devices, now, canManage, onBind, onRemove }: DevicesTableProps) => {
  const timeZone = useTimeZone();
  if (devices.length === 0) return <p className="empty-state">No devices yet.{canManage ? " Register one, or claim one that reports below." : ""}</p>;
  return (
    <ScrollRegion label="Devices" className="table-scroll">
      <table className="data cards-on-phone" aria-label="Devices" data-testid="devices-table">
        <thead>
          <tr>
            <th>Device</th>
            <th>Model</th>
            <th>Last message</th>
            <th>Vehicle</th>
            <th>Status</th>
            <th>Last report</th>
            <th>Position</th>
            <th>Battery</th>
            {canManage && <th aria-label="Actions" />}
          </tr>
        </thead>
        <tbody>
          {devices.map((device) => (
            <tr key={device.id} data-device={device.identifier}>
              <td className="cell-strong" data-label="Device">
                <code>{device.identifier}</code>
                {device.name && <span className="cell-sub">{device.name}</span>}
              </td>
              <td data-label="Model">{DEVICE_MODEL_LABELS[device.model]}</td>
              <td data-label="Last message">
                <LastMessage device={device} now={now} timeZone={timeZone} />
              </td>
              <td data-label="Vehicle">
                {device.vehicleName ?? <span className="muted">Not bound</span>}
                {device.vehicleArchived && <span className="status status-expired cell-badge">Archived vehicle</span>}
              </td>
              <td data-label="Status">
                <span className={`status ${CONNECTION_CLASSES[device.connection]}`}>{CONNECTION_LABELS[device.connection]}</span>
              </td>
              <td data-label="Last report">{formatDateTime(device.lastReportAt, timeZone)}</td>
              <td data-label="Position">
                {device.latitude === null || device.longitude === null ? "—" : `${device.latitude.toFixed(5)}, ${device.longitude.toFixed(5)}`}
              </td>
              <td data-label="Battery">{batteryText(device)}</td>
              {canManage && (
                <td className="cell-actions">
                  <ClientButton
                    className="button button-small"
                    onClick={() => onBind(device)}
                    aria-label={`${device.vehicleId === null ? "Bind" : "Move or unbind"} ${device.identifier}`}
                  >
                    {device.vehicleId === null ? "Bind" : "Move or unbind"}
                  </ClientButton>{" "}
                  <ClientButton className="button button-small" onClick={() => onRemove(device)} aria-label={`Remove ${device.identifier}`}>
                    Remove
                  </ClientButton>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
};
