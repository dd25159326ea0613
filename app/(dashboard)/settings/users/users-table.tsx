"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import type { FormEvent } from "react";
import { useActionCall } from "@/components/ui/use-action-call";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { useTimeZone } from "@/components/ui/time-zone";
import { ROLES } from "@/db/schema";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { reissueInviteAction, sendPasswordResetAction, updateUserAction } from "./actions";
import type { ListedUser, ShownLink } from "./page-client";
import { ClientButton } from "@/components/ui/client-button";
import type { ActionResult } from "@/lib/access/actions";

const STATUS_LABELS = { active: "Active", invited: "Invited", deactivated: "Deactivated" } as const;

type UsersTableProps = {
  users: ListedUser[];
  currentUserId: number;
  onLink: (link: ShownLink) => void;
  onDeactivate: (user: ListedUser) => void;
  onNotice: (notice: string) => void;
};

export const UsersTable = ({ users, currentUserId, onLink, onDeactivate, onNotice }: UsersTableProps) => {
  const timeZone = useTimeZone();
  const { run: call, pending: isPending, message, failed } = useActionCall();
  const error = failed ? message : null;

  const run = (action: () => Promise<ActionResult>, done: string) => call(action, () => onNotice(done));
  const changeRole = (user: ListedUser) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const role = String(new FormData(event.currentTarget).get("role"));
    run(() => updateUserAction(user.id, { role }), `${user.name} is now ${role === "admin" ? "an" : "a"} ${role}.`);
  };
  const issueLink = (user: ListedUser) =>
    call(
      () => (user.status === "invited" ? reissueInviteAction(user.id) : sendPasswordResetAction(user.id)),
      (result) => onLink({ ...result.link, kind: user.status === "invited" ? "invite" : "reset", email: user.email }),
    );

  return (
    <>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <ScrollRegion label="Users" className="table-scroll">
        <table className="data cards-on-phone" aria-label="Users">
          <thead>
            <tr>
              <th>Name</th>
              <th>E-mail</th>
              <th>Role</th>
              <th>Status</th>
              <th>Last sign-in</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id} data-user-id={user.id}>
                <td className="cell-strong" data-label="Name">
                  {user.name}
                  {user.id === currentUserId && <span className="muted"> (you)</span>}
                </td>
                <td data-label="E-mail" className="wrap-anywhere">
                  {user.email}
                </td>
                <td data-label="Role">
                  <form className="inline-form" onSubmit={changeRole(user)}>
                    <select name="role" defaultValue={user.role} aria-label={`Role of ${user.name}`} disabled={user.status === "deactivated"}>
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </select>
                    <SubmitButton
                      label="Change"
                      pending={isPending}
                      disabled={user.status === "deactivated"}
                      className="button button-small"
                      aria-label={`Change role of ${user.name}`}
                    />
                  </form>
                </td>
                <td data-label="Status">{STATUS_LABELS[user.status]}</td>
                <td data-label="Last sign-in">
                  {user.lastSignInAt ? <time dateTime={user.lastSignInAt}>{formatDateTime(user.lastSignInAt, timeZone)}</time> : "Never"}
                </td>
                <td className="cell-actions">
                  {user.status !== "deactivated" && (
                    <ClientButton
                      className="button button-small"
                      disabled={isPending}
                      onClick={() => issueLink(user)}
                      aria-label={`${user.status === "invited" ? "New invite link for" : "Reset link for"} ${user.name}`}
                    >
                      {user.status === "invited" ? "New invite link" : "Reset link"}
                    </ClientButton>
                  )}
                  {user.status === "deactivated" ? (
                    <ClientButton
                      className="button button-small"
                      disabled={isPending}
                      onClick={() => run(() => updateUserAction(user.id, { status: "active" }), `${user.name} can sign in again.`)}
                      aria-label={`Reactivate ${user.name}`}
                    >
                      Reactivate
                    </ClientButton>
                  ) : (
                    <ClientButton
                      className="button button-small"
                      disabled={isPending}
                      onClick={() => onDeactivate(user)}
                      aria-label={`Deactivate ${user.name}`}
                    >
                      Deactivate
                    </ClientButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
};
