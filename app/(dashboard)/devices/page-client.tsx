"use client";

import { FormOpener } from "@/components/ui/form-opener";
import { useState } from "react";
import type { DeviceListItem } from "@/lib/fleet/devices/list-devices";
import type { IngestTokenSummary } from "@/lib/ingestion/batch/ingest-tokens";
import { bindDeviceAction, claimDeviceAction } from "./actions";
import { DevicesTable } from "./devices-table";
import { IngestTokensSection } from "./ingest-tokens-section";
import { RegisterDeviceForm } from "./register-device-form";
import { RemoveDeviceDialog } from "./remove-device-dialog";
import { ClaimDeviceForm } from "./claim-device-form";
import { ConnectDevicePanel } from "@/components/devices/connect-device-panel";
import type { ConnectInstructions } from "@/lib/fleet/devices/connect-instructions";
import { VehicleChoiceDialog, type VehicleOption } from "./vehicle-choice-dialog";

type DevicesPageClientProps = {
  devices: DeviceListItem[];
  /** When the page was rendered (the devices' last messages are shown as ages from it). */
  now: Date;
  vehicles: VehicleOption[];
  tokens: IngestTokenSummary[];
  canManage: boolean;
  canManageTokens: boolean;
  /** The register form starts open (the page was loaded with `?create`). */
  formOpen: boolean;
  /** This installation's device settings, for those who may register devices. */
  connect: ConnectInstructions | null;
};

/** Devices: the registry with each device's last report, claiming a device that reports unregistered, and the ingest tokens of batch gateways. */
export const DevicesPageClient = ({ devices, now, vehicles, tokens, canManage, canManageTokens, formOpen, connect }: DevicesPageClientProps) => {
  const [isFormOpen, setFormOpen] = useState(formOpen && canManage);
  const [binding, setBinding] = useState<DeviceListItem | null>(null);
  const [removing, setRemoving] = useState<DeviceListItem | null>(null);
  const [claiming, setClaiming] = useState<string | null>(null);
  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Devices</h1>
          <p className="muted">
            Trackers and phones, and the vehicle each one reports for. A device is online when it reported in the last 10 minutes. Moving a device to another
            vehicle leaves what it reported with the vehicle it reported for.
          </p>
        </div>
        {canManage && !isFormOpen && <FormOpener label="Register device" onOpen={() => setFormOpen(true)} />}
        {!canManage && <span className="muted">Read only for your role</span>}
      </div>
      {connect && <ConnectDevicePanel {...connect} />}
      {isFormOpen && <RegisterDeviceForm vehicles={vehicles} onDone={() => setFormOpen(false)} />}
      <DevicesTable devices={devices} now={now} canManage={canManage} onBind={setBinding} onRemove={setRemoving} />
      {canManage && (
        <>
          <h2>Claim a device</h2>
          <p className="muted">
            A device that already reports to this service but is registered nowhere: type its identifier in full (the IMEI on its label, or the device id set in
            Traccar Client) to register it and bind it to a vehicle in one step. Identifiers of devices that are not yours are never listed.
          </p>
          <ClaimDeviceForm onClaim={setClaiming} />
        </>
      )}
      {canManageTokens && (
        <>
          <h2>Ingest tokens</h2>
          <IngestTokensSection tokens={tokens} />
        </>
      )}
      {binding && (
        <VehicleChoiceDialog
          title={`Vehicle of ${binding.identifier}`}
          vehicles={vehicles}
          current={binding.vehicleId}
          allowNone
          submitLabel="Save"
          onSubmit={(vehicleId) => bindDeviceAction({ deviceId: binding.id, vehicleId })}
          onClose={() => setBinding(null)}
        >
          <p>
            Its next reports are stored for the vehicle chosen here; what it reported so far stays with {binding.vehicleName ?? "the vehicles it reported for"}.
          </p>
        </VehicleChoiceDialog>
      )}
      {claiming && (
        <VehicleChoiceDialog
          title={`Claim ${claiming}`}
          vehicles={vehicles}
          current={null}
          allowNone={false}
          submitLabel="Claim device"
          onSubmit={(vehicleId) => claimDeviceAction({ identifier: claiming, vehicleId })}
          onClose={() => setClaiming(null)}
        >
          <p>The device is registered to your company and bound to this vehicle; its next report is stored.</p>
        </VehicleChoiceDialog>
      )}
      {removing && <RemoveDeviceDialog device={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
};
