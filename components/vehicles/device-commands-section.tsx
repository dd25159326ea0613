import type { Database } from "@/db/client";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { findVehicleTracker, listDeviceCommands, takesCommands } from "@/lib/fleet/device-commands";
import type { TenantQuery } from "@/lib/platform/tenant";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { DeviceCommandForm } from "./device-command-form";

const STATUS_LABELS = {
  queued: "Waiting for the device",
  sent: "Sent",
  answered: "Answered",
  refused: "Refused by the device",
  expired: "Not delivered (expired)",
} as const;

/** A vehicle's tracker commands: the form and the latest ones with the device's answers; nothing for a vehicle whose tracker takes none. */
export const DeviceCommandsSection = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  vehicleName,
  timeZone,
}: TenantQuery & { db: Database; vehicleId: number; vehicleName: string; timeZone: string }) => {
  const found = await findVehicleTracker({ db, companyId, dataset, vehicleId });
  if (!found?.tracker || !takesCommands(found.tracker.model)) return null;
  const commands = await listDeviceCommands({ db, companyId, dataset, vehicleId });
  const waiting = commands.some((command) => command.status === "queued" || command.status === "sent");
  return (
    <section className="page" aria-labelledby="device-commands-heading">
      <h2 id="device-commands-heading">Tracker commands</h2>
      <p className="muted">Sent to the vehicle&apos;s tracker when it is connected; a command not delivered within a day is dropped.</p>
      <DeviceCommandForm vehicleId={vehicleId} vehicleName={vehicleName} />
      {/* An answer comes when the device replies: the list follows it while a command is out. */}
      {waiting && <AutoRefresh />}
      {commands.length > 0 && (
        <table className="data cards-on-phone" aria-label="Latest commands" data-testid="device-commands">
          <thead>
            <tr>
              <th>Asked</th>
              <th>Command</th>
              <th>By</th>
              <th>Status</th>
              <th>Answer</th>
            </tr>
          </thead>
          <tbody>
            {commands.map((command) => (
              <tr key={command.id}>
                <td data-label="Asked">{formatDateTime(command.createdAt, timeZone)}</td>
                <td data-label="Command">
                  <code>{command.text}</code>
                </td>
                <td data-label="By">{command.requestedByName}</td>
                <td data-label="Status">{STATUS_LABELS[command.status]}</td>
                <td data-label="Answer" className="wrap-anywhere">
                  {command.answer || "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
};
