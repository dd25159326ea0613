import type { Module, Role } from "@/db/schema";

/**
 * The dashboard's one role policy: which role may open which section (and every page under it) and
 * which role may do which action. Pages, server actions, dashboard routes and the menu all read this
 * table, so the menu never offers a page the server would refuse.
 */

/** The users' roles, and drivers: signed in to the logbook, they open nothing else. */
export type PolicyRole = Role | "driver";

const EVERYONE = ["admin", "manager", "dispatcher"] as const satisfies readonly Role[];

export type SectionPolicy = {
  href: `/${string}`;
  label: string;
  roles: readonly PolicyRole[];
  /** The optional product module the section needs; companies without it see no such section. */
  module?: Module;
};

export const SECTIONS = {
  map: { href: "/map", label: "Live map", roles: EVERYONE },
  playback: { href: "/playback", label: "Playback", roles: EVERYONE },
  stats: { href: "/stats", label: "Stats", roles: EVERYONE },
  hos: { href: "/hos", label: "HOS", roles: EVERYONE },
  wasteJobs: { href: "/waste-jobs", label: "Waste jobs", roles: ["admin", "dispatcher"], module: "Waste" },
  vehicles: { href: "/vehicles", label: "Vehicles", roles: EVERYONE },
  drivers: { href: "/drivers", label: "Drivers", roles: EVERYONE },
  fuelStops: { href: "/fuel-stops", label: "Fuel stops", roles: EVERYONE },
  reports: { href: "/reports", label: "Reports", roles: EVERYONE },
  camera: { href: "/camera", label: "Camera events", roles: EVERYONE },
  devices: { href: "/devices", label: "Devices", roles: EVERYONE },
  places: { href: "/places", label: "Places", roles: EVERYONE },
  alertInbox: { href: "/alerts/inbox", label: "Alerts", roles: EVERYONE },
  alertRules: { href: "/alerts/rules", label: "Alert rules", roles: EVERYONE },
  inspections: { href: "/inspections", label: "Inspections", roles: EVERYONE },
  apiKeys: { href: "/settings/api-keys", label: "API keys", roles: ["admin"] },
  companySettings: { href: "/settings/company", label: "Company", roles: ["admin"] },
  auditLog: { href: "/settings/audit-log", label: "Audit log", roles: ["admin"] },
  webhooks: { href: "/settings/webhooks", label: "Webhooks", roles: ["admin"] },
  users: { href: "/settings/users", label: "Users", roles: ["admin"] },
  partnerCredentials: { href: "/settings/partner-credentials", label: "Partner credentials", roles: ["admin"] },
  tags: { href: "/settings/tags", label: "Tags", roles: ["admin", "manager"] },
  apiReference: { href: "/api-reference", label: "API reference", roles: EVERYONE },
  account: { href: "/account", label: "Account", roles: EVERYONE },
  logbook: { href: "/logbook", label: "Logbook", roles: ["driver"] },
} as const satisfies Record<string, SectionPolicy>;

export type Section = keyof typeof SECTIONS;

/** Changes a role may make; a section's other readers may only look. */
export const ACTIONS = {
  editDrivers: ["admin", "manager"],
  editVehicles: ["admin", "manager"],
  manageTags: SECTIONS.tags.roles,
  editCompanySettings: ["admin"],
  exportWasteJobs: SECTIONS.wasteJobs.roles,
  manageApiKeys: SECTIONS.apiKeys.roles,
  exportAuditLog: SECTIONS.auditLog.roles,
  manageWebhooks: SECTIONS.webhooks.roles,
  /** Invite, change roles, deactivate and reactivate users, send password resets. */
  manageUsers: SECTIONS.users.roles,
  changeOwnPassword: SECTIONS.account.roles,
  /** A public link to a vehicle's position is handed to customers: those who dispatch or run the fleet. */
  shareLiveLocation: ["admin", "dispatcher"],
  /** Who drives which vehicle is dispatch work: dispatchers too, not only those who edit drivers. */
  assignVehicles: EVERYONE,
  managePartnerCredentials: SECTIONS.partnerCredentials.roles,
  /** Register, bind, move, unbind, remove and claim devices: which vehicle a device's reports land on. */
  manageDevices: ["admin"],
  manageIngestTokens: ["admin"],
  // Places are daily dispatch work; rules decide who gets woken up, so managers and admins own them.
  editPlaces: ["admin", "manager", "dispatcher"],
  manageAlertRules: ["admin", "manager"],
  /** Mailing reports out of the company on a schedule: those who run the fleet, as with alert rules. */
  scheduleReports: ["admin", "manager"],
  markIncidentsRead: SECTIONS.alertInbox.roles,
  /** Assign or annotate unassigned driving (and set a driver's logbook password or PIN: editDrivers). */
  manageHosLogs: ["admin", "manager"],
  keepOwnLogbook: SECTIONS.logbook.roles,
  /**
   * Certify a defect repaired or needing no repair (49 CFR 396.11(a)(3)): those who run the fleet and its
   * maintenance; a dispatcher reads the reports (docs/decisions.md "Inspections (DVIR)").
   */
  resolveDefects: ["admin", "manager"],
} as const satisfies Record<string, readonly PolicyRole[]>;

export type Action = keyof typeof ACTIONS;

export const canOpen = (role: PolicyRole, section: Section): boolean => (SECTIONS[section].roles as readonly PolicyRole[]).includes(role);

export const canDo = (role: PolicyRole, action: Action): boolean => (ACTIONS[action] as readonly PolicyRole[]).includes(role);

/** The menu of a user with `role` in a company with `modules`, in menu order. */
export const visibleSections = ({ role, modules }: { role: PolicyRole; modules: readonly Module[] }): SectionPolicy[] =>
  (Object.entries(SECTIONS) as [Section, SectionPolicy][]).flatMap(([key, section]) =>
    canOpen(role, key) && (!section.module || modules.includes(section.module)) ? [section] : [],
  );
