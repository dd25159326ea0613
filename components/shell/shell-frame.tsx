"use client";

import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { MENU_GROUPS, type SectionPolicy } from "@/lib/access/auth/role-policy";
import { ClientButton } from "@/components/ui/client-button";

type ShellFrameProps = {
  sections: SectionPolicy[];
  /** "Name · role · company", repeated at the top of the drawer where the header has no room for it. */
  account: string;
  /** The header's right-hand side: company, user and Sign out. */
  header: ReactNode;
  children: ReactNode;
};

/**
 * The shell's layout: skip link, header, the sections the user may open (under their groups' titles),
 * and the page. The menu sits beside the page on wide screens, scrolling on its own when taller than
 * the window; below 900 px it is a drawer behind the header's Menu button that
 * closes on navigation or Escape and gives focus back to the button.
 */
export const ShellFrame = ({ sections, account, header, children }: ShellFrameProps) => {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open]);
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="shell-header">
        <ClientButton ref={button} className="menu-button" aria-expanded={open} aria-controls="section-menu" onClick={() => setOpen(!open)}>
          <span aria-hidden className="menu-icon" />
          Menu
        </ClientButton>
        <Link href="/map" className="brand">
          <span className="brand-mark" aria-hidden>
            ◆
          </span>{" "}
          <span className="brand-name">Fleet Telematics</span>
        </Link>
        {header}
      </header>
      <nav id="section-menu" className="shell-nav" aria-label="Sections" data-open={open}>
        <p className="drawer-account">{account}</p>
        {MENU_GROUPS.map((group) => {
          const entries = sections.filter((section) => section.group === group);
          if (entries.length === 0) return null;
          const titleId = `menu-${group.replaceAll(" ", "-").toLowerCase()}`;
          return (
            <div key={group} className="nav-group">
              <p id={titleId} className="nav-group-title">
                {group}
              </p>
              <ul aria-labelledby={titleId}>
                {entries.map((section) => (
                  <li key={section.href}>
                    <Link href={section.href} aria-current={pathname.startsWith(section.href) ? "page" : undefined}>
                      {section.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      {open && <div className="drawer-backdrop" aria-hidden onClick={() => setOpen(false)} />}
      <main id="main" tabIndex={-1} className="shell-main">
        {children}
      </main>
    </div>
  );
};
