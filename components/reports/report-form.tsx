import { FilterActions } from "@/components/dashboard/filter-fields";
import { REPORT_KINDS, REPORT_LABELS, type ReportParams } from "@/lib/reports/report-params";

type Option = { id: number; name: string };

/** The report's choices as a plain GET form: the URL holds them, so a report is a link. */
export const ReportForm = ({ params, vehicles, drivers }: { params: ReportParams; vehicles: Option[]; drivers: Option[] }) => (
  <form className="filters" method="get" action="/reports" aria-label="Report">
    <label>
      Report
      <select name="kind" defaultValue={params.kind}>
        {REPORT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {REPORT_LABELS[kind]}
          </option>
        ))}
      </select>
    </label>
    <label>
      Vehicles (none: all)
      <select name="vehicleIds" multiple size={4} defaultValue={(params.vehicleIds ?? []).map(String)}>
        {vehicles.map((vehicle) => (
          <option key={vehicle.id} value={vehicle.id}>
            {vehicle.name}
          </option>
        ))}
      </select>
    </label>
    <label>
      Drivers (none: all)
      <select name="driverIds" multiple size={4} defaultValue={(params.driverIds ?? []).map(String)}>
        {drivers.map((driver) => (
          <option key={driver.id} value={driver.id}>
            {driver.name}
          </option>
        ))}
      </select>
    </label>
    <label>
      From
      <input type="date" name="from" defaultValue={params.from} required />
    </label>
    <label>
      To
      <input type="date" name="to" defaultValue={params.to} required />
    </label>
    <FilterActions submitLabel="Run report" clearHref="/reports" />
  </form>
);
