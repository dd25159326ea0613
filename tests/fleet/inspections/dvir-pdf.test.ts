import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { drivers, vehicles } from "@/db/schema";
import { exportDvirPdf, listDefectTypes, submitDvir, uploadDefectPhoto } from "@/lib/fleet/inspections";
import { folderStore, type BlobStore } from "@/lib/platform/blob-store";
import { driverActor } from "@/lib/platform/audit";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let demo: { companyId: number; dataset: "live" };
let other: { companyId: number; dataset: "live" };
let store: BlobStore;

/** A real 8x8 PNG (pdfkit decodes what it embeds). */
const png = () => {
  const crc = (bytes: Buffer) => {
    let c = ~0;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, ...Array.from({ length: 8 }, () => [200, 40, 40]).flat()])));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(rows)),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
};

beforeAll(async () => {
  const { db } = database();
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db });
  demo = { companyId: demoCompanyId, dataset: "live" };
  other = { companyId: otherCompanyId, dataset: "live" };
  store = folderStore(await mkdtemp(path.join(tmpdir(), "dvir-pdf-")));
});

describe("a report's PDF", () => {
  it("is a PDF holding the defect's photo; another company's report is 404", async () => {
    const { db } = database();
    const [vehicle] = await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.companyId, demo.companyId), eq(vehicles.dataset, "live")));
    const [driver] = await db
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.companyId, demo.companyId), eq(drivers.dataset, "live")));
    const brakes = (await listDefectTypes({ db, ...demo })).find((type) => type.label === "Brakes")!.id;
    const photo = await uploadDefectPhoto({ db, ...demo, driverId: driver.id, bytes: png(), store });
    const report = await submitDvir({
      db,
      ...demo,
      author: { type: "driver", driverId: driver.id },
      actor: driverActor({ driver: { driverId: driver.id, name: "Driver" }, ip: null, requestId: null }),
      input: {
        type: "preTrip",
        vehicleId: vehicle.id,
        safetyStatus: "unsafe",
        signatureName: "Dana Driver",
        defects: [{ defectTypeId: brakes, comment: "Soft pedal", photoIds: [photo.id] }],
      },
    });
    const pdf = await exportDvirPdf({ db, ...demo, dvirId: report.id, timeZone: "UTC", unit: "km", store });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("/Subtype /Image");
    const without = await exportDvirPdf({
      db,
      ...demo,
      dvirId: report.id,
      timeZone: "UTC",
      unit: "km",
      store: folderStore(await mkdtemp(path.join(tmpdir(), "empty-"))),
    });
    expect(without.toString("latin1")).not.toContain("/Subtype /Image");
    await expect(exportDvirPdf({ db, ...other, dvirId: report.id, timeZone: "UTC", unit: "km", store })).rejects.toMatchObject({ code: "not_found" });
  });
});
