import type { ReactNode } from "react";
import type { SessionUser } from "@/lib/access/auth/auth-options";
import type { SectionPolicy } from "@/lib/access/auth/role-policy";
import { UnreadAlertsBadge } from "@/components/alerts/unread-alerts-badge";
import { canOpen } from "@/lib/access/auth/role-policy";
import { ShellFrame } from "./shell-frame";
import { SignOutButton } from "./sign-out-button";

/** Header with company and user, the section menu (a drawer on narrow screens), and the page. */
export const AppShell = ({ user, sections, children }: { user: SessionUser; sections: SectionPolicy[]; children: ReactNode }) => (
  <ShellFrame
    sections={sections}
    account={`${user.name} · ${user.role} · ${user.companyName}`}
    header={
      <>
        <div className="shell-company" data-testid="company-name">
          {user.companyName}
        </div>
        <div className="shell-user">
          {canOpen(user.role, "alertInbox") && <UnreadAlertsBadge />}
          <span className="shell-user-name" data-testid="user-name">
            {user.name}
          </span>
          <span className="role-badge">{user.role}</span>
          <SignOutButton />
        </div>
      </>
    }
  >
    {children}
  </ShellFrame>
);
