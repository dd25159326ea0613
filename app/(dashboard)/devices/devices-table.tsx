"use client";

import { ScrollRegion } from "@/components/ui/scroll-region";
import { useTimeZone } from "@/components/ui/time-zone";
import { DEVICE_MODEL_LABELS } from "@/lib/fleet/devices/device-model-labels";
import type { DeviceListItem } from "@/lib/fleet/devices/list-devices";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { ClientButton } from "@/components/ui/client-button";

const CONNECTION_LABELS = { online: "Online", offline: "Offline", never: "No report" } as const;
const CONNECTION_CLASSES = { online: "status-active", offline: "status-revoked", never: "status-expired" } as const;

/** A phone reports its battery in percent, a hardware tracker its vehicle's supply voltage. */
const batteryText = ({ battery, batteryMilliVolts }: DeviceListItem) => {
  const parts = [battery === null ? null : `${Math.round(battery)} %`, batteryMilliVolts === null ? null : `${(batteryMilliVolts / 1000).toFixed(1)} V`];
  return parts.filter((part) => part !== null).join(" · ") || "—";
};

type DevicesTableProps = {
  devices: DeviceListItem[];
  canManage: boolean;
  onBind: (device: DeviceListItem) => void;
  onRemove: (device: DeviceListItem) => void;
};

/**
 * Each registered device: its vehicle (marked when archived), last report, position, battery or voltage, online or
 * offline; admins bind, move, unbind or remove it.
 */
export const DevicesTable = ({ devices, canManage, onBind, onRemove }: DevicesTableProps) => {
  const timeZone = useTimeZone();
  if (devices.length === 0) return <p className="empty-state">No devices yet.{canManage ? " Register one, or claim one that reports below." : ""}</p>;
  return (
    <ScrollRegion label="Devices" className="table-scroll">
      <table className="data cards-on-phone" aria-label="Devices" data-testid="devices-table">
        <thead>
          <tr>
            <th>Device</th>
            <th>Model</th>
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
