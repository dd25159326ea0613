"use client";

import { useState } from "react";
import { FormOpener } from "@/components/ui/form-opener";
import type { Role, UserStatus } from "@/db/schema";
import type { IssuedLink } from "./actions";
import { AddUserForm } from "./add-user-form";
import { DeactivateUserDialog } from "./deactivate-user-dialog";
import { UserLinkDialog } from "./user-link-dialog";
import { UsersTable } from "./users-table";

export type ListedUser = { id: number; name: string; email: string; role: Role; status: UserStatus; lastSignInAt: string | null };
export type ShownLink = IssuedLink & { kind: "invite" | "reset"; email: string };

/** Settings → Users: the company's users, inviting, roles, deactivation and one-time links shown once. */
export const UsersPageClient = ({
  users,
  currentUserId,
  mailConfigured,
  formOpen,
}: {
  users: ListedUser[];
  currentUserId: number;
  mailConfigured: boolean;
  formOpen: boolean;
}) => {
  const [isFormOpen, setFormOpen] = useState(formOpen);
  // A link lives only here, and only until its dialog closes: the server keeps a hash.
  const [link, setLink] = useState<ShownLink | null>(null);
  const [deactivating, setDeactivating] = useState<ListedUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Users</h1>
          <p className="muted">
            People who sign in to this dashboard. Admins manage everything, managers edit drivers, dispatchers see the fleet. A deactivated user is signed out
            everywhere within a minute.{" "}
            {mailConfigured ? "Invites and reset links are also e-mailed." : "Mail is not set up (SMTP_URL): pass invite and reset links on yourself."}
          </p>
        </div>
        {!isFormOpen && <FormOpener label="Add user" onOpen={() => setFormOpen(true)} />}
      </div>

      {isFormOpen && (
        <AddUserForm
          onCancel={() => setFormOpen(false)}
          onAdded={(added) => {
            setFormOpen(false);
            if (added.invite) setLink({ ...added.invite, kind: "invite", email: added.email });
            else setNotice(`${added.email} can sign in now with the password you chose.`);
          }}
        />
      )}

      <p role="status" className="muted">
        {notice}
      </p>

      <UsersTable users={users} currentUserId={currentUserId} onLink={setLink} onDeactivate={setDeactivating} onNotice={setNotice} />

      {link && <UserLinkDialog link={link} onClose={() => setLink(null)} />}
      {deactivating && <DeactivateUserDialog user={deactivating} onClose={() => setDeactivating(null)} />}
    </section>
  );
};
