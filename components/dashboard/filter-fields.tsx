import Link from "next/link";

/** The submit and Clear buttons ending every GET filter form; Clear goes back to the bare page. */
export const FilterActions = ({ submitLabel, clearHref }: { submitLabel: string; clearHref: string }) => (
  <div className="filter-actions">
    <button type="submit" className="button-primary">
      {submitLabel}
    </button>
    <Link href={clearHref} className="button-link">
      Clear
    </Link>
  </div>
);

/** A `vehicle` select with "All vehicles" first, for filter forms. */
export const VehicleSelect = ({ vehicles, selected }: { vehicles: { id: number; name: string }[]; selected?: number }) => (
  <label>
    Vehicle
    <select name="vehicle" defaultValue={selected === undefined ? "" : String(selected)}>
      <option value="">All vehicles</option>
      {vehicles.map((vehicle) => (
        <option key={vehicle.id} value={vehicle.id}>
          {vehicle.name}
        </option>
      ))}
    </select>
  </label>
);
