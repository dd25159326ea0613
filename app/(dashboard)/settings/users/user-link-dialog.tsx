"use client";

import { SecretRevealDialog } from "@/components/ui/secret-reveal-dialog";
import { useTimeZone } from "@/components/ui/time-zone";
import { formatDateTime } from "@/lib/platform/zoned-time";
import type { ShownLink } from "./page-client";

/** Shows a new invite or reset link once. Closing drops it: the service keeps only a hash. */
export const UserLinkDialog = ({ link, onClose }: { link: ShownLink; onClose: () => void }) => {
  const timeZone = useTimeZone();
  const what = link.kind === "invite" ? "invite" : "password reset";
  return (
    <SecretRevealDialog
      title={link.kind === "invite" ? "Invite link" : "Password reset link"}
      secret={link.url}
      testId="user-link"
      confirmLabel="I have passed the link on"
      onClose={onClose}
      warning={
        <>
          <strong>Send this link to {link.email}.</strong> It works once, until {formatDateTime(link.expiresAt, timeZone)}, and will not be shown again.{" "}
          {link.mailed ? `It was also e-mailed to ${link.email}.` : "It was not e-mailed."}
        </>
      }
    >
      <p className="muted small">Lost it? Send a new {what} link: the old one then stops working.</p>
    </SecretRevealDialog>
  );
};
