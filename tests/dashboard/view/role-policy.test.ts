import { describe, expect, it } from "vitest";
import { canDo, canOpen, MENU_GROUPS, visibleSections } from "@/lib/access/auth/role-policy";

const labels = (sections: { label: string }[]) => sections.map((section) => section.label);

describe("the dashboard's role policy", () => {
  it("gives each role its sections and actions", () => {
    expect(canOpen("admin", "apiKeys")).toBe(true);
    expect(canOpen("dispatcher", "apiKeys")).toBe(false);
    expect(canOpen("manager", "companySettings")).toBe(false);
    expect(canDo("manager", "editCompanySettings")).toBe(false);
    expect(canDo("admin", "editCompanySettings")).toBe(true);
    expect(canOpen("manager", "wasteJobs")).toBe(false);
    expect(canDo("manager", "editDrivers")).toBe(true);
    expect(canDo("dispatcher", "editDrivers")).toBe(false);
    expect(canDo("dispatcher", "exportWasteJobs")).toBe(true);
    expect(canOpen("admin", "auditLog")).toBe(true);
    expect(canOpen("manager", "auditLog")).toBe(false);
    expect(canDo("manager", "manageApiKeys")).toBe(false);
    expect(canDo("manager", "exportAuditLog")).toBe(false);
    expect(canDo("dispatcher", "assignVehicles")).toBe(true);
    expect(canDo("manager", "assignVehicles")).toBe(true);
    expect(canOpen("admin", "partnerCredentials")).toBe(true);
    expect(canOpen("manager", "partnerCredentials")).toBe(false);
    expect(canDo("dispatcher", "managePartnerCredentials")).toBe(false);
    expect(canOpen("dispatcher", "devices")).toBe(true);
    expect(canDo("manager", "manageDevices")).toBe(false);
    expect(canDo("admin", "manageDevices")).toBe(true);
  });

  it("lists the menu group by group: each group's entries together, the groups in menu order", () => {
    const groups = visibleSections({ role: "admin", modules: ["Waste"] }).map((section) => section.group);
    expect(groups.filter((group, index) => group !== groups[index - 1])).toEqual([...MENU_GROUPS]);
  });

  it("builds the menu from the role and the company's modules, so it offers nothing the server refuses", () => {
    expect(labels(visibleSections({ role: "dispatcher", modules: ["Waste"] }))).toEqual([
      "Live map",
      "Playback",
      "Stats",
      "HOS",
      "Waste jobs",
      "Alerts",
      "Vehicles",
      "Drivers",
      "Fuel stops",
      "Reports",
      "Camera events",
      "Devices",
      "Places",
      "Alert rules",
      "Inspections",
      "Maintenance",
      "API reference",
      "Account",
    ]);
    expect(labels(visibleSections({ role: "dispatcher", modules: [] }))).not.toContain("Tags");
    expect(labels(visibleSections({ role: "manager", modules: [] }))).toContain("Tags");
    expect(canDo("dispatcher", "editVehicles")).toBe(false);
    expect(canDo("manager", "editVehicles")).toBe(true);
    expect(canDo("dispatcher", "resolveDefects")).toBe(false);
    expect(canDo("manager", "resolveDefects")).toBe(true);
    expect(labels(visibleSections({ role: "admin", modules: [] }))).not.toContain("Waste jobs");
    expect(labels(visibleSections({ role: "admin", modules: [] }))).toContain("API keys");
    expect(labels(visibleSections({ role: "admin", modules: [] }))).toContain("Audit log");
    expect(labels(visibleSections({ role: "admin", modules: [] }))).toContain("Users");
    expect(labels(visibleSections({ role: "manager", modules: [] }))).not.toContain("Users");
    expect(labels(visibleSections({ role: "manager", modules: ["Waste"] }))).not.toContain("Waste jobs");
  });
});
