import Link from "next/link";
import type { ReactNode } from "react";
import type { SessionUser } from "@/lib/auth/auth-options";
import { NavLinks } from "./nav-links";
import { SignOutButton } from "./sign-out-button";

/** Header with company and user, the section navigation, and the page. */
export const AppShell = ({ user, children }: { user: SessionUser; children: ReactNode }) => (
  <div className="shell">
    <header className="shell-header">
      <Link href="/map" className="brand">
        <span className="brand-mark" aria-hidden>◆</span> Fleet Telematics
      </Link>
      <div className="shell-company" data-testid="company-name">{user.companyName}</div>
      <div className="shell-user">
        <span data-testid="user-name">{user.name}</span>
        <span className="role-badge">{user.role}</span>
        <SignOutButton />
      </div>
    </header>
    <nav className="shell-nav" aria-label="Sections">
      <NavLinks role={user.role} />
    </nav>
    <main className="shell-main">{children}</main>
  </div>
);
