import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { drivers, dvirDefectPhotos, vehicles } from "@/db/schema";
import { getDvir, listDefectTypes, readDefectPhoto, streamDefects, submitDvir, uploadDefectPhoto, type DvirSubmission } from "@/lib/fleet/inspections";
import { folderStore, type BlobStore } from "@/lib/platform/blob-store";
import { driverActor } from "@/lib/platform/audit";
import { JPEG, seedInspectionTenants } from "./inspection-tenants";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
type Tenant = { companyId: number; dataset: "live" };
let demo: Tenant;
let other: Tenant;
let store: BlobStore;
let vehicleId: number;
let driverIds: number[];
let otherDriverId: number;
let brakes: number;

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const WEBP = Uint8Array.from([...Buffer.from("RIFF"), 20, 0, 0, 0, ...Buffer.from("WEBPVP8 ")]);

beforeAll(async () => {
  const tenants = await seedInspectionTenants({ db: database().db });
  ({ demo, other, driverIds } = tenants);
  [vehicleId] = tenants.vehicleIds;
  [otherDriverId] = tenants.otherDriverIds;
  store = folderStore(await mkdtemp(path.join(tmpdir(), "dvir-photos-")));
  brakes = tenants.defectTypeId("Brakes");
});

const upload = (bytes: Uint8Array, driverId = driverIds[0], tenant: Tenant = demo) =>
  uploadDefectPhoto({ db: database().db, ...tenant, driverId, bytes, store });

const submit = (photoIds: number[], input: Partial<DvirSubmission> = {}, driverId = driverIds[0]) =>
  submitDvir({
    db: database().db,
    ...demo,
    author: { type: "driver", driverId },
    actor: driverActor({ driver: { driverId, name: "Driver" }, ip: null, requestId: null }),
    input: {
      type: "preTrip",
      vehicleId,
      safetyStatus: "unsafe",
      signatureName: "Dana Driver",
      defects: [{ defectTypeId: brakes, comment: "Soft pedal", photoIds }],
      ...input,
    },
  });

describe("defect photos", () => {
  it("takes JPEG, PNG and WebP by their bytes, and refuses anything else, an empty photo and one over 10 MB", async () => {
    await expect(upload(JPEG)).resolves.toMatchObject({ contentType: "image/jpeg", byteSize: JPEG.length });
    await expect(upload(PNG)).resolves.toMatchObject({ contentType: "image/png" });
    await expect(upload(WEBP)).resolves.toMatchObject({ contentType: "image/webp" });
    await expect(upload(Uint8Array.from(Buffer.from("GIF89a....")))).rejects.toMatchObject({ code: "unsupported_media_type" });
    await expect(upload(Uint8Array.from(Buffer.from("<svg onload=alert(1)>")))).rejects.toMatchObject({ code: "unsupported_media_type" });
    await expect(upload(new Uint8Array())).rejects.toMatchObject({ code: "bad_request" });
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(JPEG);
    await expect(upload(big)).rejects.toMatchObject({ code: "payload_too_large" });
  });

  it("a report keeps its defect's photos; a retry of it is the same report with the same photos, not a second", async () => {
    const photos = [await upload(JPEG), await upload(PNG)];
    const key = `photos-retry-${Date.now()}`;
    const first = await submit(
      photos.map((photo) => photo.id),
      { idempotencyKey: key },
    );
    expect(first.defects[0].photos.map((photo) => photo.id)).toEqual(photos.map((photo) => photo.id));
    const retry = await submit(
      photos.map((photo) => photo.id),
      { idempotencyKey: key },
    );
    expect(retry).toMatchObject({ id: first.id, replayed: true });
    expect(retry.defects[0].photos).toHaveLength(2);
    const rows = await database().db.select().from(dvirDefectPhotos).where(eq(dvirDefectPhotos.dvirId, first.id));
    expect(rows).toHaveLength(2);
    const window = { startTime: new Date(Date.now() - 60_000), endTime: new Date(Date.now() + 60_000) };
    const stream = await streamDefects({ db: database().db, ...demo, ...window, limit: 100 });
    expect(stream.find((defect) => defect.id === first.defects[0].id)?.photos).toHaveLength(2);
    const served = await readDefectPhoto({ db: database().db, ...demo, photoId: photos[0].id, store });
    expect(served).toEqual({ bytes: JPEG, contentType: "image/jpeg" });
  });

  it("another company's photo, and a photo in no report yet, are not served (404)", async () => {
    const photo = await upload(JPEG);
    await expect(readDefectPhoto({ db: database().db, ...demo, photoId: photo.id, store })).rejects.toMatchObject({ code: "not_found" });
    const report = await submit([photo.id]);
    await expect(readDefectPhoto({ db: database().db, ...other, photoId: photo.id, store })).rejects.toMatchObject({ code: "not_found" });
    expect((await getDvir({ db: database().db, ...demo, dvirId: report.id })).defects[0].photos).toHaveLength(1);
  });

  it("a report names only its driver's own photos in no report, at most 5 a defect; a refused one stays the driver's to attach", async () => {
    const mine = await upload(JPEG);
    const someoneElses = await upload(JPEG, driverIds[1]);
    const otherCompany = await upload(JPEG, otherDriverId, other);
    await expect(submit([someoneElses.id])).rejects.toMatchObject({ code: "not_found" });
    await expect(submit([otherCompany.id])).rejects.toMatchObject({ code: "not_found" });
    const six = await Promise.all(Array.from({ length: 6 }, () => upload(JPEG)));
    await expect(submit(six.map((photo) => photo.id))).rejects.toMatchObject({ code: "bad_request" });
    await submit([mine.id]);
    await expect(submit([mine.id])).rejects.toMatchObject({ code: "not_found" });
    const attached = await database().db.select().from(dvirDefectPhotos).where(eq(dvirDefectPhotos.id, someoneElses.id));
    expect(attached[0].defectId).toBeNull();
  });
});
