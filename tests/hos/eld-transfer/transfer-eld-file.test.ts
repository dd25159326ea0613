import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, companies, drivers, eldTransfers } from "@/db/schema";
import { transferEldFile } from "@/lib/hos/eld-transfer";
import { setDutyStatus } from "@/lib/hos/records/set-duty-status";
import { driverActor } from "@/lib/platform/audit";
import { openEldTransferMail } from "../../helpers/eld-transfer-mail";
import { useFmcsaTransfer } from "../../helpers/fmcsa-transfer-env";
import { useTestDatabase } from "../../helpers/test-database";
import { parseEldFile } from "../eld-file/eld-file-parser";

const database = useTestDatabase();
const tenant = { companyId: 0, dataset: "live" as const };
let driverId: number;
let otherDriverId: number;

const { services: fmcsaServices, setUpTransfer } = useFmcsaTransfer();
const transfer = (method: "webService" | "email", options: { driverId?: number } = {}) =>
  transferEldFile({
    db: database().db,
    ...tenant,
    driverId,
    method,
    outputFileComment: "INSP 4711",
    actor: driverActor({ driver: { driverId, name: "Ana Lee" }, ip: "127.0.0.1", requestId: "test" }),
    ...options,
  });
const transfersOf = () => database().db.select().from(eldTransfers).where(eq(eldTransfers.companyId, tenant.companyId));

beforeAll(async () => {
  const { db } = database();
  const [company, other] = await db
    .insert(companies)
    .values([{ name: "Demo Fleet", usdotNumber: 1000003, eldRegistrationId: "ZA10", eldIdentifier: "FLT001" }, { name: "Other Fleet" }])
    .returning();
  tenant.companyId = company.id;
  const [driver, otherDriver] = await db
    .insert(drivers)
    .values([
      { ...tenant, name: "Ana Lee", username: "ana.lee", licenseNumber: "IL0000042", licenseState: "IL", timezone: "America/Chicago" },
      { companyId: other.id, dataset: "live", name: "Olly Other", username: "olly", licenseNumber: "X1", licenseState: "IL", timezone: "America/Chicago" },
    ])
    .returning();
  driverId = driver.id;
  otherDriverId = otherDriver.id;
  await setDutyStatus({
    db,
    ...tenant,
    driverId,
    status: "onDuty",
    at: new Date(Date.now() - 3 * 3_600_000),
    actor: driverActor({ driver: { driverId, name: "Ana Lee" }, ip: "127.0.0.1", requestId: "test" }),
  });
});

describe("transferring the roadside file to FMCSA", () => {
  it("submits it to the web service with the provider's client certificate, and records FMCSA's answer", async () => {
    setUpTransfer();
    const result = await transfer("webService");
    expect(result).toMatchObject({ method: "webService", succeeded: true, test: true });
    expect(result.reference).toMatch(/^[0-9a-f-]{36}$/);
    const [submission] = fmcsaServices().webService.received;
    expect(submission).toMatchObject({
      ELDIdentifier: "FLT001",
      ELDRegistrationId: "ZA10",
      OutputFilename: result.fileName,
      OutputFileComment: "INSP 4711",
      Test: true,
      clientName: "Test ELD Provider",
    });
    const file = parseEldFile(submission.OutputFileBody);
    expect(file.segments.get("ELD Event List:")?.length).toBeGreaterThan(0);
    const [row] = await transfersOf();
    expect(row).toMatchObject({ driverId, method: "webService", succeeded: true, reference: result.reference, outputFileComment: "INSP 4711", test: true });
    const audit = await database()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, tenant.companyId), eq(auditEvents.action, "hos_log.eld_file_transferred")));
    expect(audit).toHaveLength(1);
  });

  it("mails it signed by the provider and encrypted to FMCSA's certificate, as OpenSSL reads it", async () => {
    setUpTransfer();
    const result = await transfer("email");
    expect(result).toMatchObject({ method: "email", succeeded: true });
    const mail = fmcsaServices().mailbox.received.at(-1)!;
    expect(mail.to).toEqual(["eld@fmcsa.test"]);
    expect(mail.subject).toBe("TEST ELD records from ZA10:FLT001");
    expect(mail.raw).not.toContain("ELD File Header Segment");
    const { entity, fileText } = openEldTransferMail({
      raw: mail.raw,
      fileName: result.fileName,
      fmcsaKey: fmcsaServices().fmcsa.key,
      providerCert: fmcsaServices().provider.cert,
    });
    expect(entity).toContain("INSP 4711");
    expect(parseEldFile(fileText).segments.get("User List:")?.length).toBeGreaterThan(0);
  });

  it("records a transfer FMCSA never received as failed, for the driver to retry, instead of failing the request", async () => {
    setUpTransfer({ ELD_WEB_SERVICE_URL: "https://127.0.0.1:9/ELDSubmissionService.svc" });
    const before = fmcsaServices().webService.received.length;
    const result = await transfer("webService");
    expect(result.succeeded).toBe(false);
    expect(result.outcome).toMatch(/^Not sent: /);
    expect(fmcsaServices().webService.received).toHaveLength(before);
    expect((await transfersOf()).filter((row) => !row.succeeded)).toHaveLength(1);
  });

  it("refuses a method the service is not set up for, and another company's driver, recording nothing", async () => {
    const before = (await transfersOf()).length;
    await expect(transfer("webService")).rejects.toMatchObject({ code: "unavailable" });
    setUpTransfer();
    await expect(transfer("email", { driverId: otherDriverId })).rejects.toMatchObject({ code: "not_found" });
    expect(await transfersOf()).toHaveLength(before);
  });

  it("refuses a carrier without its ELD registration id and identifier", async () => {
    setUpTransfer();
    await database().db.update(companies).set({ eldRegistrationId: "" }).where(eq(companies.id, tenant.companyId));
    await expect(transfer("webService")).rejects.toMatchObject({ code: "bad_request" });
    await database().db.update(companies).set({ eldRegistrationId: "ZA10" }).where(eq(companies.id, tenant.companyId));
  });
});
