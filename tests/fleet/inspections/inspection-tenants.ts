import type { Database } from "@/db/client";
import { drivers, vehicles } from "@/db/schema";
import { listDefectTypes } from "@/lib/fleet/inspections";
import { seedTestCompanies, tenantIds } from "../../helpers/seeded";

/** The demo companies as the inspection tests use them: each one's live vehicles and drivers, and the checklist's defect types by label. */
export const seedInspectionTenants = async ({ db }: { db: Database }) => {
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db });
  const demo = { companyId: demoCompanyId, dataset: "live" as const };
  const other = { companyId: otherCompanyId, dataset: "live" as const };
  const types = await listDefectTypes({ db, ...demo });
  return {
    demo,
    other,
    vehicleIds: await tenantIds({ db, table: vehicles, ...demo }),
    driverIds: await tenantIds({ db, table: drivers, ...demo }),
    otherVehicleIds: await tenantIds({ db, table: vehicles, ...other }),
    otherDriverIds: await tenantIds({ db, table: drivers, ...other }),
    defectTypeId: (label: string) => types.find((type) => type.label === label)!.id,
  };
};
