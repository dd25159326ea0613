import { FilterActions, FilterSelect, VehicleSelect } from "@/components/dashboard/filter-fields";
import { WASTE_JOB_STATUSES, WASTE_SERVICE_TYPES } from "@/db/schema";
import type { WasteJobFilters } from "@/lib/dashboard/view/waste-job-filters";

/** The legacy interface's filters as a plain GET form: the URL holds the state, paging restarts at 0. */
export const WasteJobFiltersForm = ({ filters, vehicles }: { filters: WasteJobFilters; vehicles: { id: number; name: string }[] }) => (
  <form className="filters" method="get" action="/waste-jobs" aria-label="Filters">
    <FilterSelect
      label="Status"
      name="status"
      allLabel="All"
      options={WASTE_JOB_STATUSES.map((status) => ({ value: status, label: status }))}
      selected={filters.status}
    />
    <FilterSelect
      label="Service type"
      name="serviceType"
      allLabel="All"
      options={WASTE_SERVICE_TYPES.map((type) => ({ value: type, label: type }))}
      selected={filters.serviceType}
    />
    <label>
      Scheduled from
      <input type="date" name="from" defaultValue={filters.from ?? ""} />
    </label>
    <label>
      Scheduled to
      <input type="date" name="to" defaultValue={filters.to ?? ""} />
    </label>
    <VehicleSelect vehicles={vehicles} selected={filters.vehicle} />
    <FilterActions submitLabel="Apply" clearHref="/waste-jobs" />
  </form>
);
