import type { CsvColumn } from "@/lib/platform/csv";
import type { VehicleRow } from "./list-vehicles";

/**
 * THE vehicle CSV's columns, for export and import alike (docs/decisions.md "Vehicle CSV"): the
 * public interface's field names; `tags` are tag names separated by `;`, `externalIds` `key=value`
 * pairs separated by `;`. An export imports back unchanged.
 */
export const VEHICLE_CSV_COLUMNS: CsvColumn<VehicleRow>[] = [
  { header: "name", value: (v) => v.name },
  { header: "vin", value: (v) => v.vin },
  { header: "licensePlate", value: (v) => v.plateNumber },
  { header: "make", value: (v) => v.make },
  { header: "model", value: (v) => v.model },
  { header: "year", value: (v) => v.year },
  { header: "vehicleType", value: (v) => v.typeName },
  { header: "vehicleSubType", value: (v) => v.subType },
  { header: "trailers", value: (v) => v.trailers },
  { header: "notes", value: (v) => v.notes },
  { header: "tags", value: (v) => v.tags.map((tag) => tag.name).join(";") },
  {
    header: "externalIds",
    value: (v) =>
      Object.entries(v.externalIds)
        .map(([key, value]) => `${key}=${value}`)
        .join(";"),
  },
];

export const VEHICLE_CSV_HEADERS = VEHICLE_CSV_COLUMNS.map((column) => column.header);

/** The columns an import needs; the others may be left out (a new vehicle takes their defaults). */
export const REQUIRED_VEHICLE_CSV_HEADERS = ["name", "vin"];
