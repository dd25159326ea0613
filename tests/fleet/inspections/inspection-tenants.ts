import type { Database } from "@/db/client";
import { drivers, vehicles } from "@/db/schema";
import { listDefectTypes } from "@/lib/fleet/inspections";
import { seedTestCompanies, tenantIds } from "../../helpers/seeded";

/** A JPEG's first bytes: the photo store keeps what it is sent. */
export const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 3]);

/** The demo companies as the inspection tests use them: each one's live vehicles and drivers, and the checklist's defect types by label. */
export const seedInspectionTenants = async ({ db }: { db: Database }) => {
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db });
  const demo = { companyId: demoCompanyId, dataset: "live" as const };
  const other = { companyId: otherCompanyId, dataset: "live" as const };
  const types = { demo: await listDefectTypes({ db, ...demo }), other: await listDefectTypes({ db, ...other }) };
  return {
    demo,
    other,
    vehicleIds: await tenantIds({ db, table: vehicles, ...demo }),
    driverIds: await tenantIds({ db, table: drivers, ...demo }),
    otherVehicleIds: await tenantIds({ db, table: vehicles, ...other }),
    otherDriverIds: await tenantIds({ db, table: drivers, ...other }),
    defectTypeId: (label: string, company: "demo" | "other" = "demo") => types[company].find((type) => type.label === label)!.id,
  };
};
