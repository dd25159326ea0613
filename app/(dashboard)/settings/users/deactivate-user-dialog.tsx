"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { updateUserAction } from "./actions";
import type { ListedUser } from "./page-client";

export const DeactivateUserDialog = ({ user, onClose }: { user: ListedUser; onClose: () => void }) => (
  <ConfirmDialog
    title="Deactivate user?"
    confirmLabel="Deactivate"
    pendingLabel="Deactivating…"
    confirm={() => updateUserAction(user.id, { status: "deactivated" })}
    onClose={onClose}
  >
    <p>
      <strong>{user.name}</strong> ({user.email}) will be signed out of every open session within a minute and cannot sign in until reactivated.
    </p>
  </ConfirmDialog>
);
