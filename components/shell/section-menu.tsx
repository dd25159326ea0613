"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { SectionPolicy } from "@/lib/auth/role-policy";

/**
 * The sections the user may open. Beside the page on wide screens; below 900 px a drawer behind the
 * header's Menu button that closes on navigation or Escape and gives focus back to the button.
 */
export const SectionMenu = ({ sections, account }: { sections: SectionPolicy[]; account: string }) => {
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
    <>
      <button ref={button} type="button" className="menu-button" aria-expanded={open} aria-controls="section-menu" onClick={() => setOpen(!open)}>
        <span aria-hidden className="menu-icon" />
        Menu
      </button>
      <nav id="section-menu" className="shell-nav" aria-label="Sections" data-open={open}>
        <p className="drawer-account">{account}</p>
        <ul>
          {sections.map((section) => (
            <li key={section.href}>
              <Link href={section.href} aria-current={pathname.startsWith(section.href) ? "page" : undefined}>
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {open && <div className="drawer-backdrop" aria-hidden onClick={() => setOpen(false)} />}
    </>
  );
};
