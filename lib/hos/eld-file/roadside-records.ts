import type { Database } from "@/db/client";
import { getDriver } from "@/lib/fleet/drivers";
import type { TenantQuery } from "@/lib/platform/tenant";
import type { EldFileInput } from "./eld-file-input";
import { eldFileRange, loadEldFileInput } from "./load-eld-file-input";

/**
 * What an inspector reads off the driver's screen (Appendix A 4.8.1.3): the output file's header facts
 * and the records of today and the previous 7 days, the same the file of that moment carries.
 */
export const loadRoadsideRecords = async ({
  db,
  companyId,
  dataset,
  driverId,
  now = new Date(),
}: TenantQuery & { db: Database; driverId: number; now?: Date }): Promise<EldFileInput> => {
  const driver = await getDriver({ db, companyId, dataset, driverId });
  const range = eldFileRange({ driver, now });
  return loadEldFileInput({ db, companyId, dataset, driverId, range, now, outputFileComment: "" });
};
