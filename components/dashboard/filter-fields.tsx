import { Link } from "@/components/ui/link";

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

/** A select of a GET filter form with an "all" choice first (the empty value: no filter). */
export const FilterSelect = ({
  label,
  name,
  allLabel,
  options,
  selected,
}: {
  label: string;
  name: string;
  allLabel: string;
  options: readonly { value: string | number; label: string }[];
  selected?: string | number;
}) => (
  <label>
    {label}
    <select name={name} defaultValue={selected === undefined ? "" : String(selected)}>
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  </label>
);

/** A `vehicle` select with "All vehicles" first, for filter forms. */
export const VehicleSelect = ({ vehicles, selected }: { vehicles: { id: number; name: string }[]; selected?: number }) => (
  <FilterSelect
    label="Vehicle"
    name="vehicle"
    allLabel="All vehicles"
    options={vehicles.map((vehicle) => ({ value: vehicle.id, label: vehicle.name }))}
    selected={selected}
  />
);
