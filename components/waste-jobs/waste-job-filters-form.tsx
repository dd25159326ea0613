import { FilterActions, VehicleSelect } from "@/components/dashboard/filter-fields";
import { WASTE_JOB_STATUSES, WASTE_SERVICE_TYPES } from "@/db/schema";
import type { WasteJobFilters } from "@/lib/dashboard/waste-job-filters";

/** The legacy interface's filters as a plain GET form: the URL holds the state, paging restarts at 0. */
export const WasteJobFiltersForm = ({ filters, vehicles }: { filters: WasteJobFilters; vehicles: { id: number; name: string }[] }) => (
  <form className="filters" method="get" action="/waste-jobs" aria-label="Filters">
    <label>
      Status
      <select name="status" defaultValue={filters.status ?? ""}>
        <option value="">All</option>
        {WASTE_JOB_STATUSES.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
    </label>
    <label>
      Service type
      <select name="serviceType" defaultValue={filters.serviceType ?? ""}>
        <option value="">All</option>
        {WASTE_SERVICE_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
    </label>
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
