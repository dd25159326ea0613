import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { drivers, ROLES, unassignedDriving, users, vehicles, type Role } from "@/db/schema";
import { listAuditEvents, operatorActor, type AuditAction } from "@/lib/platform/audit";
import { listDefectTypes, submitDvir } from "@/lib/fleet/inspections";
import { makeVin } from "@/lib/runtime/seed/vin";
import { ACTIONS, canDo, type Action } from "@/lib/access/auth/role-policy";
import { actAs, formOf, nextCacheMock, nextHeadersMock, sessionCookieOf, type ActingUser } from "../../helpers/server-action-session";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

vi.mock("next/headers", () => nextHeadersMock);
vi.mock("next/cache", () => nextCacheMock);

// Imported after the mocks are in place (vi.mock is hoisted above static imports, not their values).
const { GET: exportAuditLog } = await import("@/app/(dashboard)/settings/audit-log/export/route");
const { GET: exportWasteJobs } = await import("@/app/(dashboard)/waste-jobs/export/route");
const { createDriverAction } = await import("@/app/(dashboard)/drivers/actions");
const { updateCompanySettingsAction } = await import("@/app/(dashboard)/settings/company/actions");
const { createApiKeyAction } = await import("@/app/(dashboard)/settings/api-keys/actions");
const { createWebhookAction } = await import("@/app/(dashboard)/settings/webhooks/actions");
const { addUserAction } = await import("@/app/(dashboard)/settings/users/actions");
const { changeOwnPasswordAction } = await import("@/app/(dashboard)/account/actions");
const { shareLiveLocationAction } = await import("@/app/(dashboard)/map/actions");
const { assignVehicleAction } = await import("@/app/(dashboard)/assignments/actions");
const { createClientKeyAction } = await import("@/app/(dashboard)/settings/partner-credentials/actions");
const { registerDeviceAction, createIngestTokenAction } = await import("@/app/(dashboard)/devices/actions");
const { createVehicleAction } = await import("@/app/(dashboard)/vehicles/actions");
const { saveTagAction } = await import("@/app/(dashboard)/settings/tags/actions");
const { createPlaceAction } = await import("@/app/(dashboard)/places/actions");
const { resolveUnassignedAction } = await import("@/app/(dashboard)/hos/(board)/unassigned/actions");
const { changeDutyStatusAction } = await import("@/app/logbook/actions");
const { createAlertRuleAction, markIncidentsReadAction } = await import("@/app/(dashboard)/alerts/actions");
const { createReportScheduleAction } = await import("@/app/(dashboard)/reports/actions");
const { resolveDefectAction } = await import("@/app/(dashboard)/inspections/actions");
const { addDefectTypeAction } = await import("@/app/(dashboard)/inspections/checklist/actions");
const { saveProgramAction } = await import("@/app/(dashboard)/maintenance/actions");

/**
 * What the generated matrix (action-role-matrix.test.ts: every server action × every role, refusals
 * recorded) does not show: every action of lib/access/auth/role-policy.ts's ACTIONS has a real call,
 * and an allowed role's call DOES the thing (its sample rows change nothing); the export routes,
 * which are not server actions, are refused to a role without the action. CRAFTED is typed as a
 * Record over Action: a new action without an entry here does not compile, and the first test
 * checks the keys at run time too.
 */
type Outcome = "allowed" | "refused" | `failed: ${string}`;
type Crafted =
  | { via: "server action"; denied: Extract<AuditAction, `${string}.denied`>; call: (n: number) => Promise<unknown> }
  | { via: "route"; call: (cookie: string) => Promise<Response> }
  // A driver's own action: a user's session of any role is sent to the drivers' sign-in.
  | { via: "driver session"; call: () => Promise<unknown> };

const database = useTestDatabase();
let demo = 0;
let demoVehicle = 0;
let demoDriver = 0;
const people = {} as Record<Role, ActingUser>;

/** What a server action's answer (or throw: a redirect) says about the call. */
const outcomeOf = async (call: () => Promise<unknown>): Promise<Outcome> => {
  try {
    const result = (await call()) as { ok?: boolean; status?: string; message?: string } | undefined;
    if (result?.ok === false || result?.status === "error") return /role may not/.test(result.message ?? "") ? "refused" : `failed: ${result.message}`;
    return "allowed";
  } catch (error) {
    const digest = String((error as { digest?: unknown }).digest ?? "");
    if (digest.includes(";/forbidden;")) return "refused";
    if (digest.startsWith("NEXT_REDIRECT")) return "allowed";
    throw error;
  }
};

const vehicleForm = (n: number) => {
  const form = new FormData();
  form.set("name", `Matrix Truck ${n}`);
  form.set("vin", makeVin({ wmi: "1M8", seed: 900_000 + n, year: 2020 }));
  return form;
};

const tagForm = (n: number) => {
  const form = new FormData();
  form.set("name", `Matrix tag ${n}`);
  return form;
};

/** The maintenance page's new-program form: an oil change every 25,000 km on the demo's vehicle. */
const programForm = (n: number) => {
  const form = new FormData();
  form.set("name", `Matrix oil change ${n}`);
  form.set("unit", "km");
  form.set("intervalDistance", "25000");
  form.set("intervalEngineHours", "");
  form.set("intervalMonths", "6");
  form.append("vehicleIds", String(demoVehicle));
  return form;
};

/** A fresh unassigned drive of the demo's vehicle, annotated as a mechanic's yard move. */
/** A driver's report with one open brake defect, and the form that marks it repaired. */
const defectForm = async () => {
  const [brakes] = await listDefectTypes({ db: database().db, companyId: demo, dataset: "live" });
  const report = await submitDvir({
    db: database().db,
    companyId: demo,
    dataset: "live",
    author: { type: "driver", driverId: demoDriver },
    actor: operatorActor("matrix"),
    input: {
      type: "preTrip",
      vehicleId: demoVehicle,
      safetyStatus: "unsafe",
      signatureName: "Matrix Driver",
      defects: [{ defectTypeId: brakes.id, comment: "" }],
    },
  });
  const form = new FormData();
  form.set("defectId", String(report.defects[0].id));
  form.set("resolution", "repaired");
  return form;
};

const annotateForm = async () => {
  const [segment] = await database()
    .db.insert(unassignedDriving)
    .values({
      companyId: demo,
      dataset: "live",
      vehicleId: demoVehicle,
      startTime: new Date(Date.now() - 3_600_000),
      endTime: new Date(Date.now() - 3_000_000),
      closed: true,
      startLatitude: 41.9,
      startLongitude: -87.6,
      endLatitude: 41.91,
      endLongitude: -87.6,
    })
    .returning({ id: unassignedDriving.id });
  const form = new FormData();
  form.set("segmentId", String(segment.id));
  form.set("intent", "annotate");
  form.set("annotation", "Mechanic's yard move");
  return form;
};

const driverForm = (n: number) => {
  const form = new FormData();
  form.set("name", `Matrix Driver ${n}`);
  form.set("username", `matrix.role.${n}`);
  return form;
};

const CRAFTED = {
  editDrivers: { via: "server action", denied: "driver.denied", call: (n) => createDriverAction(null, driverForm(n)) },
  editCompanySettings: { via: "server action", denied: "company.denied", call: () => updateCompanySettingsAction({ name: "Demo Fleet" }) },
  manageApiKeys: {
    via: "server action",
    denied: "api_key.denied",
    call: (n) => createApiKeyAction(null, formOf({ name: `Matrix key ${n}`, scopes: "vehicles:read" })),
  },
  manageWebhooks: {
    via: "server action",
    denied: "webhook.denied",
    call: (n) => createWebhookAction(null, formOf({ name: `Matrix hook ${n}`, url: "https://matrix.example.invalid/hook" })),
  },
  // The escalation the issue names: anyone but an admin making an admin.
  manageUsers: {
    via: "server action",
    denied: "user.denied",
    call: (n) => addUserAction({ email: `matrix.admin.${n}@demo.test`, role: "admin", access: "invite" }),
  },
  changeOwnPassword: {
    via: "server action",
    denied: "user.denied",
    call: () => changeOwnPasswordAction(null, formOf({ currentPassword: "demo-password-1", newPassword: "demo-password-1", confirm: "demo-password-1" })),
  },
  shareLiveLocation: { via: "server action", denied: "live_share.denied", call: () => shareLiveLocationAction({ vehicleId: demoVehicle, hours: 1 }) },
  assignVehicles: { via: "server action", denied: "assignment.denied", call: () => assignVehicleAction(demoDriver, demoVehicle) },
  editVehicles: { via: "server action", denied: "vehicle.denied", call: (n) => createVehicleAction(null, vehicleForm(n)) },
  manageTags: { via: "server action", denied: "tag.denied", call: (n) => saveTagAction(null, null, tagForm(n)) },
  editPlaces: {
    via: "server action",
    denied: "place.denied",
    call: (n) =>
      createPlaceAction({
        name: `Matrix site ${n}`,
        formattedAddress: "1 Matrix Way",
        geofence: { circle: { latitude: 41.9, longitude: -87.6, radiusMeters: 120 } },
      }),
  },
  manageAlertRules: {
    via: "server action",
    denied: "alert_rule.denied",
    call: (n) => createAlertRuleAction({ name: `Matrix rule ${n}`, trigger: { type: "speeding", speedKph: 100, seconds: 10 }, vehicleIds: [] }),
  },
  scheduleReports: {
    via: "server action",
    denied: "report_schedule.denied",
    call: () => createReportScheduleAction({ kind: "trips", frequency: "weekly", recipients: ["matrix@example.test"] }),
  },
  markIncidentsRead: { via: "server action", denied: "alert_rule.denied", call: () => markIncidentsReadAction(null) },
  manageHosLogs: {
    via: "server action",
    denied: "unassigned_driving.denied",
    call: async () => resolveUnassignedAction({ status: "idle" }, await annotateForm()),
  },
  resolveDefects: {
    via: "server action",
    denied: "dvir_defect.denied",
    call: async () => resolveDefectAction(null, await defectForm()),
  },
  editChecklist: {
    via: "server action",
    denied: "dvir_defect_type.denied",
    call: (n) => addDefectTypeAction(null, formOf({ label: `Matrix item ${n}`, sectionType: "other" })),
  },
  manageMaintenance: {
    via: "server action",
    denied: "maintenance_program.denied",
    call: (n) => saveProgramAction(null, programForm(n)),
  },
  keepOwnLogbook: { via: "driver session", call: () => changeDutyStatusAction({ status: "idle" }, new FormData()) },
  manageDevices: {
    via: "server action",
    denied: "device.denied",
    call: (n) => registerDeviceAction({ identifier: `matrix-device-${n}`, model: "osmand", vehicleId: null }),
  },
  manageIngestTokens: { via: "server action", denied: "ingest_token.denied", call: (n) => createIngestTokenAction({ name: `Matrix gateway ${n}` }) },
  managePartnerCredentials: { via: "server action", denied: "client_key.denied", call: (n) => createClientKeyAction(`Matrix ClientKey ${n}`) },
  exportWasteJobs: {
    via: "route",
    call: (cookie) => exportWasteJobs(new Request("http://localhost/waste-jobs/export", { headers: { cookie } }), { params: Promise.resolve({}) }),
  },
  exportAuditLog: {
    via: "route",
    call: (cookie) => exportAuditLog(new Request("http://localhost/settings/audit-log/export", { headers: { cookie } }), { params: Promise.resolve({}) }),
  },
} satisfies Record<Action, Crafted>;

beforeAll(async () => {
  ({ demoCompanyId: demo } = await seedTestCompanies({ db: database().db, liveVehicles: 1 }));
  [{ id: demoVehicle }] = await database().db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.companyId, demo)).limit(1);
  [{ id: demoDriver }] = await database().db.select({ id: drivers.id }).from(drivers).where(eq(drivers.companyId, demo)).limit(1);
  const rows = await database()
    .db.select()
    .from(users)
    .where(inArray(users.email, ["admin@demo.test", "manager@demo.test", "dispatcher@demo.test"]));
  for (const row of rows) people[row.role] = row;
});

const deniedRows = async (action: AuditAction, userId: number) =>
  (await listAuditEvents({ db: database().db, companyId: demo, filters: { action }, limit: 500 })).events.filter((event) => event.actorId === String(userId));

describe("the role matrix", () => {
  it("has a crafted call for every action of the policy", () => {
    expect(Object.keys(CRAFTED).sort()).toEqual(Object.keys(ACTIONS).sort());
  });

  let n = 0;
  for (const [action, crafted] of Object.entries(CRAFTED) as [Action, Crafted][]) {
    for (const role of ROLES) {
      const allowed = canDo(role, action);
      // A refused server action (and its recorded refusal) is the generated matrix's row; the escalation
      // the issue names (anyone but an admin making an admin) is tried here too, with a real body.
      if (crafted.via === "server action" && !allowed && action !== "manageUsers") continue;
      it(`${role} × ${action} (${crafted.via}): ${allowed ? "allowed" : "refused"}`, async () => {
        const user = people[role];
        if (crafted.via === "driver session") {
          expect(allowed).toBe(false);
          await actAs(user, "198.51.100.99");
          await expect(crafted.call()).rejects.toMatchObject({ digest: expect.stringContaining("/logbook/login") });
          return;
        }
        if (crafted.via === "route") {
          const response = await crafted.call(await sessionCookieOf(user));
          expect(response.status).toBe(allowed ? 200 : 403);
          return;
        }
        await actAs(user, "198.51.100.99");
        const before = (await deniedRows(crafted.denied, user.id)).length;
        expect(await outcomeOf(() => crafted.call(++n))).toBe(allowed ? "allowed" : "refused");
        expect(await deniedRows(crafted.denied, user.id)).toHaveLength(before + (allowed ? 0 : 1));
      });
    }
  }

  it("the audit log holds what the allowed calls did and the refused escalations", async () => {
    const { events } = await listAuditEvents({ db: database().db, companyId: demo, filters: {}, limit: 500 });
    const actions = new Set(events.map((event) => event.action));
    for (const done of ["driver.created", "api_key.created", "webhook.created", "user.invited", "user.password_changed", "user.denied"]) {
      expect(actions, done).toContain(done);
    }
    // Nobody but the admin made an admin.
    const invited = await database().db.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
    expect(invited.map((row) => row.email).filter((email) => email.startsWith("matrix.admin."))).toHaveLength(1);
  });
});
