"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { Role } from "@/db/schema";
import { NAV_SECTIONS } from "./nav-sections";

export const NavLinks = ({ role }: { role: Role }) => {
  const pathname = usePathname();
  return (
    <ul>
      {NAV_SECTIONS.filter((section) => section.roles.includes(role)).map((section) => (
        <li key={section.href}>
          <Link href={section.href} aria-current={pathname.startsWith(section.href) ? "page" : undefined}>
            {section.label}
          </Link>
        </li>
      ))}
    </ul>
  );
};
