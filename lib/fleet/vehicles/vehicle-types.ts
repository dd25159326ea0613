/**
 * The vehicle types a fleet picks from. The legacy interface reports `{ id, name }`, so each name has
 * its fixed number; the public interface shows the name as Samsara's `vehicleType`.
 */
export const VEHICLE_TYPES = [
  { id: 1, name: "Truck" },
  { id: 2, name: "Refuse truck" },
  { id: 3, name: "Van" },
  { id: 4, name: "Tractor" },
  { id: 5, name: "Car" },
  { id: 6, name: "Pickup" },
  { id: 7, name: "Bus" },
  { id: 8, name: "Other" },
] as const;

export type VehicleTypeName = (typeof VEHICLE_TYPES)[number]["name"];

export const VEHICLE_TYPE_NAMES = VEHICLE_TYPES.map((type) => type.name) as [VehicleTypeName, ...VehicleTypeName[]];

export const vehicleTypeId = (name: VehicleTypeName): number => VEHICLE_TYPES.find((type) => type.name === name)!.id;
