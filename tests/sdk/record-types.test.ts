import type { Samsara } from "@samsarahq/samsara";
import { describe, expectTypeOf, it } from "vitest";
import type { DefectRecord, DefectTypeRecord, DvirRecord, LegacyDvirRecord } from "@/lib/interfaces/fleet-api/records/dvir-record";
import type { DriverRecord } from "@/lib/interfaces/fleet-api/records/driver-record";
import type { HosClockRecord, HosDailyLogRecord, HosDriverViolationsRecord, HosLogsRecord } from "@/lib/interfaces/fleet-api/records/hos-record";
import type { LocationPoint } from "@/lib/interfaces/fleet-api/records/location-record";
import type { VehicleStats, VehicleStatsSeries } from "@/lib/interfaces/fleet-api/records/stats-record";
import type { VehicleRecord } from "@/lib/interfaces/fleet-api/records/vehicle-record";

/**
 * Type-level: each record type the server builds is assignable to the SDK's type for it, so every
 * field the SDK requires exists with a compatible type (checked by `tsc`, which `npm test` runs
 * first). The runtime checks in the other files walk the real responses against the same SDK types.
 */
describe("our record types satisfy the SDK's", () => {
  it("vehicles (vehicleType is our fleet's type name, not Samsara's passenger/truck/bus enum: a deliberate difference)", () => {
    expectTypeOf<Omit<VehicleRecord, "vehicleType">>().toExtend<Samsara.VehicleResponseObjectResponseBody>();
    expectTypeOf<VehicleRecord>().toExtend<Samsara.Vehicle>();
  });
  it("drivers", () => expectTypeOf<DriverRecord>().toExtend<Samsara.Driver>());
  it("DVIRs, defects and defect types", () => {
    expectTypeOf<DvirRecord>().toExtend<Samsara.DvirStreamResponseDataResponseBody>();
    expectTypeOf<DvirRecord>().toExtend<Samsara.DvirGetDvirResponseBody>();
    expectTypeOf<DvirRecord>().toExtend<Samsara.Dvir>();
    expectTypeOf<DefectRecord>().toExtend<Samsara.DefectsResponseDataResponseBody>();
    expectTypeOf<DefectRecord>().toExtend<Samsara.DvirDefectGetDefectResponseBody>();
    expectTypeOf<DefectRecord>().toExtend<Samsara.Defect>();
    expectTypeOf<DefectTypeRecord>().toExtend<Samsara.DefectTypesResponseDataResponseBody>();
    expectTypeOf<LegacyDvirRecord>().toExtend<Samsara.Dvir>();
  });
  it("locations", () => expectTypeOf<LocationPoint>().toExtend<Samsara.VehicleLocation>());
  it("stats snapshot and series", () => {
    expectTypeOf<VehicleStats>().toExtend<Samsara.VehicleStatsResponseData>();
    expectTypeOf<VehicleStatsSeries>().toExtend<Samsara.VehicleStatsListResponseData>();
  });
  it("hours of service", () => {
    expectTypeOf<HosClockRecord>().toExtend<Samsara.HosClocksForDriver>();
    expectTypeOf<HosLogsRecord>().toExtend<Samsara.HosLogsForDriver>();
    expectTypeOf<HosDailyLogRecord>().toExtend<Samsara.HosDailyLogsObjectResponseBody>();
    expectTypeOf<HosDriverViolationsRecord>().toExtend<Samsara.HosViolationsObjectResponseBody>();
  });
});
