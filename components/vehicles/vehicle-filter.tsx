import Link from "next/link";

/** A GET form choosing one vehicle (or all) for a per-vehicle page. */
export const VehicleFilter = ({ action, vehicles, selected }: { action: string; vehicles: { id: number; name: string }[]; selected?: number }) => (
  <form className="filters" method="get" action={action} aria-label="Vehicle">
    <label>
      Vehicle
      <select name="vehicle" defaultValue={selected ? String(selected) : ""}>
        <option value="">All vehicles</option>
        {vehicles.map((vehicle) => (
          <option key={vehicle.id} value={vehicle.id}>
            {vehicle.name}
          </option>
        ))}
      </select>
    </label>
    <div className="filter-actions">
      <button type="submit" className="button-primary">
        Show
      </button>
      <Link href={action} className="button-link">
        Clear
      </Link>
    </div>
  </form>
);

/** `?vehicle=` as a vehicle id, or undefined when absent or not an id. */
export const parseVehicleParam = (value: string | string[] | undefined) => {
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^\d{1,9}$/.test(text) ? Number(text) : undefined;
};
