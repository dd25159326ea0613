import { toCsvHeader, toCsvLines } from "@/lib/platform/csv";
import type { TenantQuery } from "@/lib/platform/tenant";
import { listVehicles, type ArchiveFilter } from "./list-vehicles";
import { VEHICLE_CSV_COLUMNS } from "./vehicles-csv-columns";

const PAGE = 1_000;

/** The tenant's vehicles (live, archived or all) as the vehicle CSV, in id order; the import reads it back. */
export const exportVehiclesCsv = async ({
  db,
  companyId,
  dataset,
  archive,
  tagIds,
}: TenantQuery & { archive: ArchiveFilter; tagIds?: readonly number[] }): Promise<string> => {
  let csv = toCsvHeader(VEHICLE_CSV_COLUMNS);
  for (let afterId: number | undefined; ;) {
    const page = await listVehicles({ db, companyId, dataset, archive, tagIds, afterId, limit: PAGE });
    csv += toCsvLines(page, VEHICLE_CSV_COLUMNS);
    if (page.length < PAGE) return csv;
    afterId = page.at(-1)!.id;
  }
};
