"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { DeviceListItem } from "@/lib/fleet/devices/list-devices";
import { unregisterDeviceAction } from "./actions";

export const RemoveDeviceDialog = ({ device, onClose }: { device: DeviceListItem; onClose: () => void }) => (
  <ConfirmDialog
    title="Remove device?"
    confirmLabel="Remove device"
    pendingLabel="Removing…"
    confirm={() => unregisterDeviceAction({ deviceId: device.id })}
    onClose={onClose}
  >
    <p>
      <code>{device.identifier}</code> is refused from its next report (it can be claimed again by its identifier). The history it reported stays with its
      vehicles.
    </p>
  </ConfirmDialog>
);
