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
  /** The heading the menu lists it under. */
  group: MenuGroup;
};

/** The menu's groups, in menu order (22 entries in one run do not fit a laptop's height). */
export const MENU_GROUPS = ["Operations", "Fleet", "Settings", "Help and account"] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export const SECTIONS = {
  map: { href: "/map", label: "Live map", roles: EVERYONE, group: "Operations" },
  playback: { href: "/playback", label: "Playback", roles: EVERYONE, group: "Operations" },
  stats: { href: "/stats", label: "Stats", roles: EVERYONE, group: "Operations" },
  hos: { href: "/hos", label: "HOS", roles: EVERYONE, group: "Operations" },
  wasteJobs: { href: "/waste-jobs", label: "Waste jobs", roles: ["admin", "dispatcher"], module: "Waste", group: "Operations" },
  alertInbox: { href: "/alerts/inbox", label: "Alerts", roles: EVERYONE, group: "Operations" },
  vehicles: { href: "/vehicles", label: "Vehicles", roles: EVERYONE, group: "Fleet" },
  drivers: { href: "/drivers", label: "Drivers", roles: EVERYONE, group: "Fleet" },
  fuelStops: { href: "/fuel-stops", label: "Fuel stops", roles: EVERYONE, group: "Fleet" },
  reports: { href: "/reports", label: "Reports", roles: EVERYONE, group: "Fleet" },
  camera: { href: "/camera", label: "Camera events", roles: EVERYONE, group: "Fleet" },
  devices: { href: "/devices", label: "Devices", roles: EVERYONE, group: "Fleet" },
  places: { href: "/places", label: "Places", roles: EVERYONE, group: "Fleet" },
  alertRules: { href: "/alerts/rules", label: "Alert rules", roles: EVERYONE, group: "Fleet" },
  inspections: { href: "/inspections", label: "Inspections", roles: EVERYONE, group: "Fleet" },
  maintenance: { href: "/maintenance", label: "Maintenance", roles: EVERYONE, group: "Fleet" },
  apiKeys: { href: "/settings/api-keys", label: "API keys", roles: ["admin"], group: "Settings" },
  companySettings: { href: "/settings/company", label: "Company", roles: ["admin"], group: "Settings" },
  auditLog: { href: "/settings/audit-log", label: "Audit log", roles: ["admin"], group: "Settings" },
  webhooks: { href: "/settings/webhooks", label: "Webhooks", roles: ["admin"], group: "Settings" },
  users: { href: "/settings/users", label: "Users", roles: ["admin"], group: "Settings" },
  partnerCredentials: { href: "/settings/partner-credentials", label: "Partner credentials", roles: ["admin"], group: "Settings" },
  tags: { href: "/settings/tags", label: "Tags", roles: ["admin", "manager"], group: "Settings" },
  apiReference: { href: "/api-reference", label: "API reference", roles: EVERYONE, group: "Help and account" },
  account: { href: "/account", label: "Account", roles: EVERYONE, group: "Help and account" },
  logbook: { href: "/logbook", label: "Logbook", roles: ["driver"], group: "Help and account" },
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
  /** Add and retire items of the company's inspection checklist, and set how long its reports are kept: the people who certify repairs. */
  editChecklist: ["admin", "manager"],
  /**
   * Create, change and delete preventive maintenance programs and record services: the people who certify
   * repairs (no mechanic role: docs/decisions.md "Preventive maintenance"); a dispatcher sees what is due.
   */
  manageMaintenance: ["admin", "manager"],
} as const satisfies Record<string, readonly PolicyRole[]>;

export type Action = keyof typeof ACTIONS;

export const canOpen = (role: PolicyRole, section: Section): boolean => (SECTIONS[section].roles as readonly PolicyRole[]).includes(role);

export const canDo = (role: PolicyRole, action: Action): boolean => (ACTIONS[action] as readonly PolicyRole[]).includes(role);

/** The menu of a user with `role` in a company with `modules`, in menu order. */
export const visibleSections = ({ role, modules }: { role: PolicyRole; modules: readonly Module[] }): SectionPolicy[] =>
  (Object.entries(SECTIONS) as [Section, SectionPolicy][]).flatMap(([key, section]) =>
    canOpen(role, key) && (!section.module || modules.includes(section.module)) ? [section] : [],
  );
