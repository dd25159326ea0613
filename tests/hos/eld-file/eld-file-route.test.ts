import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as route from "@/app/(dashboard)/hos/[driverId]/eld-file/route";
import { auditEvents, companies, drivers, hosLogEdits, hosLogs, users, vehicles, type DutyStatus } from "@/db/schema";
import { dutyStatusEventDrafts } from "@/lib/hos/eld-events/duty-status-events";
import { recordEldEvents } from "@/lib/hos/eld-events/record-eld-events";
import { certifyLogDay } from "@/lib/hos/logbook/certify-log-day";
import { setDutyStatus } from "@/lib/hos/records/set-duty-status";
import { driverActor } from "@/lib/platform/audit";
import { CLIENT_IP_HEADER } from "@/lib/platform/http";
import { dayInZone } from "@/lib/platform/zoned-time";
import { sessionCookieOf, type ActingUser } from "../../helpers/server-action-session";
import { useTestDatabase } from "../../helpers/test-database";
import { parseEldFile } from "./eld-file-parser";

const database = useTestDatabase();
const HOUR = 3_600_000;
const ZONE = "America/Chicago";
let driverId: number;
let companyId: number;
const as: Record<"admin" | "manager" | "dispatcher" | "otherAdmin", ActingUser> = {} as never;

beforeAll(async () => {
  const { db } = database();
  // Two companies, their users and a vehicle: no demo seed (the file needs no telemetry).
  const [demo, other] = await db
    .insert(companies)
    .values([{ name: "Demo Fleet" }, { name: "Other Fleet" }])
    .returning();
  companyId = demo.id;
  const people = await db
    .insert(users)
    .values([
      { companyId, email: "admin@eld.test", name: "Ada Admin", role: "admin" as const },
      { companyId, email: "manager@eld.test", name: "Pat Okafor", role: "manager" as const },
      { companyId, email: "dispatcher@eld.test", name: "Dee Dispatch", role: "dispatcher" as const },
      { companyId: other.id, email: "admin@other.test", name: "Olly Other", role: "admin" as const },
    ])
    .returning();
  const acting = (index: number): ActingUser => ({
    id: people[index].id,
    email: people[index].email,
    name: people[index].name,
    role: people[index].role,
    companyId: people[index].companyId,
  });
  Object.assign(as, { admin: acting(0), manager: acting(1), dispatcher: acting(2), otherAdmin: acting(3) });
  const tenant = { companyId, dataset: "live" as const };
  const [vehicle] = await db
    .insert(vehicles)
    .values({ ...tenant, name: "Truck 7 Freightliner Cascadia", vin: "1FUJGHDV0CLBP8834", powerUnitNumber: "TRK7" })
    .returning();
  const [driver] = await db
    .insert(drivers)
    .values({ ...tenant, name: "Ana Lee", username: "ana.lee", licenseNumber: "IL0000042", licenseState: "IL", timezone: ZONE, eldPcEnabled: true })
    .returning();
  driverId = driver.id;
  await db.update(companies).set({ usdotNumber: 1000003, eldRegistrationId: "ZA10", eldIdentifier: "FLT001" }).where(eq(companies.id, companyId));
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * HOUR);
  const place = { latitude: 41.878113, longitude: -87.629799 };
  // The driver's own changes as the logbook makes them (each at its moment), one automatic drive, a rejected edit, a certification.
  const status = (status: DutyStatus, hoursAgo: number, extra: { remark?: string; locationName?: string; location?: typeof place | null } = {}) =>
    setDutyStatus({ db, ...tenant, driverId, vehicleId: vehicle.id, status, at: ago(hoursAgo), now: ago(hoursAgo), location: place, ...extra });
  await status("offDuty", 30);
  await status("personalConveyance", 27, { remark: "To the motel" });
  await status("onDuty", 26);
  const [driving] = await db
    .insert(hosLogs)
    .values({ ...tenant, driverId, vehicleId: vehicle.id, status: "driving", startTime: ago(25), origin: "automatic", ...place })
    .returning();
  await recordEldEvents({ db, ...tenant, drafts: dutyStatusEventDrafts({ entry: driving, previousStatus: "onDuty", origin: "automatic" }) });
  await status("offDuty", 20, { location: null, locationName: "Ottawa, IL" });
  const [edit] = await db
    .insert(hosLogEdits)
    .values({
      ...tenant,
      driverId,
      status: "sleeperBed",
      startTime: ago(22),
      reason: "Were you in the sleeper?",
      state: "rejected",
      proposedByName: as.manager.name,
      proposedById: String(as.manager.id),
      answeredAt: ago(19),
    })
    .returning();
  await recordEldEvents({
    db,
    ...tenant,
    drafts: [
      {
        driverId,
        vehicleId: null,
        type: 1,
        code: 2,
        at: edit.startTime,
        origin: "otherUser",
        status: "changeRejected",
        position: null,
        comment: edit.reason,
        editedBy: { id: edit.proposedById, name: edit.proposedByName },
        logEditId: edit.id,
      },
    ],
  });
  const actor = driverActor({ driver: { driverId, name: driver.name }, ip: null, requestId: null });
  await certifyLogDay({ db, ...tenant, driverId, date: dayInZone(now - 24 * HOUR, ZONE), actor, now: ago(19) });
});

const download = async (user: ActingUser | null, query = "", id = driverId) => {
  const headers = new Headers({ [CLIENT_IP_HEADER]: "203.0.113.9" });
  if (user) headers.set("cookie", await sessionCookieOf(user));
  return route.GET(new Request(`http://localhost/hos/${id}/eld-file${query}`, { headers }), { params: Promise.resolve({ driverId: String(id) }) });
};

describe("GET /hos/{driverId}/eld-file", () => {
  it("answers the driver's file of today and the previous 7 days, named as 4.8.2.2 says, every check value verifying, and audits it", async () => {
    const response = await download(as.manager, "?comment=INSP-42,7");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="Lee__4206\d{6}-000000000\.csv"$/);
    const { segments } = parseEldFile(await response.text());
    const header = segments.get("ELD File Header Segment:")!;
    expect(header[0]).toEqual(["Lee", "Ana", "ana.lee", "IL", "IL0000042"]);
    expect(header[2][0]).toBe("TRK7");
    expect(header[3].slice(0, 3)).toEqual(["1000003", "Demo Fleet", "8"]);
    expect(header[6][0]).toBe("ZA10");
    expect(header[6][3]).toBe("INSP-42;7");
    const events = segments.get("ELD Event List:")!.map((row) => `${row[1]}/${row[2]}/${row[3]}/${row[4]}`);
    // Newest first: off, the rejected edit (status 4, origin 3), driving (automatic), on duty after PC cleared, PC (indication after off duty), off.
    expect(events).toEqual(["1/2/1/1", "4/3/1/2", "1/1/1/3", "1/2/1/4", "1/2/3/0", "1/2/3/1", "1/2/1/1", "1/2/1/1"]);
    const pc = segments.get("ELD Event List:")!.find((row) => row[3] === "3" && row[4] === "1")!;
    expect([pc[9], pc[10], pc[7]]).toEqual(["41.9", "-87.6", ""]);
    expect(segments.get("ELD Event List:")![0].slice(9, 11)).toEqual(["M", "M"]);
    expect(segments.get("User List:")!.map((row) => row[1])).toEqual(["D", "S", "D"]);
    expect(segments.get("Driver's Certification/Recertification Actions:")).toHaveLength(1);
    expect(segments.get("ELD Event Annotations or Comments:")!.map((row) => row[2])).toContain("Were you in the sleeper?");
    const audited = await database()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, "hos_log.eld_file_downloaded")));
    expect(audited).toHaveLength(1);
    expect(audited[0].actorId).toBe(String(as.manager.id));
  });

  it("a carrier's range within six months; refuses a longer one or a bad date (400)", async () => {
    const today = dayInZone(Date.now(), ZONE);
    expect((await download(as.admin, `?start=${today}&end=${today}`)).status).toBe(200);
    // The HOS page's form sends its empty fields: the default range.
    expect((await download(as.admin, "?start=&end=&comment=")).status).toBe(200);
    expect((await download(as.admin, "?start=2020-01-01")).status).toBe(400);
    expect((await download(as.admin, "?start=yesterday")).status).toBe(400);
    expect((await download(as.admin, `?comment=${"x".repeat(61)}`)).status).toBe(400);
  });

  it("401 without a session, 403 for a dispatcher, 404 for another company's driver", async () => {
    expect((await download(null)).status).toBe(401);
    expect((await download(as.dispatcher)).status).toBe(403);
    expect((await download(as.otherAdmin)).status).toBe(404);
  });
});
