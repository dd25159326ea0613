import type { Role } from "@/db/schema";

export type NavSection = { href: string; label: string; roles: readonly Role[] };

const EVERYONE = ["admin", "manager", "dispatcher"] as const;

/** The dashboard's sections and who may open them; pages enforce the same roles on the server. */
export const NAV_SECTIONS: readonly NavSection[] = [
  { href: "/map", label: "Live map", roles: EVERYONE },
  { href: "/playback", label: "Playback", roles: EVERYONE },
  { href: "/stats", label: "Stats", roles: EVERYONE },
  { href: "/hos", label: "HOS", roles: EVERYONE },
  { href: "/waste-jobs", label: "Waste jobs", roles: ["admin", "dispatcher"] },
  { href: "/drivers", label: "Drivers", roles: EVERYONE },
  { href: "/fuel-stops", label: "Fuel stops", roles: EVERYONE },
  { href: "/camera", label: "Camera events", roles: EVERYONE },
  { href: "/settings/api-keys", label: "API keys", roles: ["admin"] },
  { href: "/api-reference", label: "API reference", roles: EVERYONE },
];

export const rolesFor = (href: string): readonly Role[] => NAV_SECTIONS.find((section) => section.href === href)?.roles ?? ["admin"];

/** Who may change what a section shows (the section's readers may only look). Enforced on the server. */
export const WRITE_ROLES: Readonly<Record<string, readonly Role[]>> = {
  "/drivers": ["admin", "manager"],
};

export const writeRolesFor = (href: string): readonly Role[] => WRITE_ROLES[href] ?? ["admin"];
