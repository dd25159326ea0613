import { FilterActions, VehicleSelect } from "@/components/dashboard/filter-fields";

/** A GET form choosing one vehicle (or all) for a per-vehicle page. */
export const VehicleFilter = ({ action, vehicles, selected }: { action: string; vehicles: { id: number; name: string }[]; selected?: number }) => (
  <form className="filters" method="get" action={action} aria-label="Vehicle">
    <VehicleSelect vehicles={vehicles} selected={selected} />
    <FilterActions submitLabel="Show" clearHref={action} />
  </form>
);

/** `?vehicle=` as a vehicle id, or undefined when absent or not an id. */
export const parseVehicleParam = (value: string | string[] | undefined) => {
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^\d{1,9}$/.test(text) ? Number(text) : undefined;
};
