"use client";

import { useState, useTransition } from "react";
import { closeDialogOf, ModalDialog } from "@/components/ui/modal-dialog";
import type { DeviceListItem } from "@/lib/devices/list-devices";
import { unregisterDeviceAction } from "./actions";
import { ClientButton } from "@/components/ui/client-button";

export const RemoveDeviceDialog = ({ device, onClose }: { device: DeviceListItem; onClose: () => void }) => {
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const remove = (button: HTMLElement) =>
    startTransition(async () => {
      const result = await unregisterDeviceAction({ deviceId: device.id });
      if (result.ok) closeDialogOf(button);
      else setError(result.message);
    });
  return (
    <ModalDialog title="Remove device?" onClose={onClose} tone="danger">
      <p>
        <code>{device.identifier}</code> is refused from its next report (it can be claimed again by its identifier). The history it reported stays with its vehicles.
      </p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <ClientButton className="button" onClick={(event) => closeDialogOf(event.currentTarget)}>
          Cancel
        </ClientButton>
        <ClientButton className="button-danger" disabled={isPending} onClick={(event) => remove(event.currentTarget)}>
          {isPending ? "Removing…" : "Remove device"}
        </ClientButton>
      </div>
    </ModalDialog>
  );
};
