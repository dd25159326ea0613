import type { vehicles } from "@/db/schema";
import type { VehicleInput } from "./vehicle-input";
import { vehicleTypeId } from "./vehicle-types";

/** The input's fields as column values (tags are memberships, written apart). */
export const toVehicleColumns = (input: VehicleInput): Partial<typeof vehicles.$inferInsert> => {
  const { licensePlate, vehicleType, vehicleSubType, tagIds: _memberships, ...same } = input;
  return {
    ...same,
    ...(licensePlate !== undefined ? { plateNumber: licensePlate } : {}),
    ...(vehicleType !== undefined ? { typeName: vehicleType, typeId: vehicleTypeId(vehicleType) } : {}),
    ...(vehicleSubType !== undefined ? { subType: vehicleSubType || null } : {}),
  };
};

/** Is this PostgreSQL's unique violation (the VIN index)? Both drivers carry the code, one in `cause`. */
export const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505";
};
