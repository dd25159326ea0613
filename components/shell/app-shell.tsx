import Link from "next/link";
import type { ReactNode } from "react";
import type { SessionUser } from "@/lib/auth/auth-options";
import type { SectionPolicy } from "@/lib/auth/role-policy";
import { SectionMenu } from "./section-menu";
import { SignOutButton } from "./sign-out-button";

/**
 * Header with company and user, the section menu (a drawer on narrow screens), and the page.
 * The skip link and the `main` target let keyboard users pass the menu.
 */
export const AppShell = ({ user, sections, children }: { user: SessionUser; sections: SectionPolicy[]; children: ReactNode }) => (
  <div className="shell">
    <a href="#main" className="skip-link">
      Skip to content
    </a>
    <header className="shell-header">
      <SectionMenu sections={sections} account={`${user.name} · ${user.role} · ${user.companyName}`} />
      <Link href="/map" className="brand">
        <span className="brand-mark" aria-hidden>
          ◆
        </span>{" "}
        Fleet Telematics
      </Link>
      <div className="shell-company" data-testid="company-name">
        {user.companyName}
      </div>
      <div className="shell-user">
        <span className="shell-user-name" data-testid="user-name">
          {user.name}
        </span>
        <span className="role-badge">{user.role}</span>
        <SignOutButton />
      </div>
    </header>
    <main id="main" tabIndex={-1} className="shell-main">
      {children}
    </main>
  </div>
);
