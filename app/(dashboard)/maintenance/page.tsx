import { Link } from "@/components/ui/link";
import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { MAINTENANCE_STATUSES } from "@/db/schema";
import { EmptyState } from "@/components/dashboard/empty-state";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { MAINTENANCE_STATUS_LABELS, MaintenanceStatusBadge } from "@/components/maintenance/maintenance-status-badge";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { listTags } from "@/lib/fleet/tags";
import { listVehicles } from "@/lib/fleet/vehicles";
import { listPrograms, listVehicleMaintenance } from "@/lib/processing/maintenance";
import { formatDistance } from "@/lib/platform/units";
import { formatDate } from "@/lib/platform/zoned-time";
import { deleteProgramAction, recordServiceAction } from "./actions";
import { openServiceWorkOrderAction } from "./work-order-actions";
import { describeIntervals, describeNextDue } from "./describe-program";
import { ProgramForm } from "./program-form";

export const metadata = { title: "Maintenance" };

const NOTICES: Record<string, string> = {
  saved: "Program saved: its vehicles' status is below.",
  deleted: "Program deleted.",
  serviced: "Service recorded: the next one is counted from now.",
};

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.maintenance.roles);
  const params = await searchParams;
  const { timeZone, distanceUnit: unit } = await companySettings(user.companyId);
  const canManage = canDo(user.role, "manageMaintenance");
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const [programs, statuses, vehicles, tags] = await Promise.all([
    listPrograms(tenant),
    listVehicleMaintenance(tenant),
    listVehicles({ ...tenant, limit: 5_000 }),
    listTags({ ...tenant, limit: 1_000 }),
  ]);
  const notice = Object.keys(NOTICES).find((key) => params[key]);
  const counts = Object.fromEntries(MAINTENANCE_STATUSES.map((status) => [status, statuses.filter((row) => row.status === status).length]));
  const vehicleOptions = [...vehicles].sort((a, b) => a.name.localeCompare(b.name)).map(({ id, name }) => ({ id, name }));
  const tagNames = new Map(tags.map((tag) => [tag.id, tag.name]));
  const vehicleNames = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.name]));
  return (
    <section className="page">
      <LocalDataNotice subject="Maintenance programs" reason="programs and services are kept in this service's database." />
      <div className="page-head">
        <h1>Maintenance</h1>
        <span className="muted">
          Preventive maintenance: each service due at whichever of its intervals comes first, from the odometer and engine hours the vehicles report
        </span>
        <div className="actions">
          <Link href="/maintenance/orders" className="button-link">
            Work orders
          </Link>
        </div>
      </div>
      {notice && (
        <div className="alert alert-info" role="status">
          {NOTICES[notice]}
        </div>
      )}
      <h2>Vehicles by status</h2>
      <p className="muted" data-testid="maintenance-counts">
        {MAINTENANCE_STATUSES.map((status) => `${MAINTENANCE_STATUS_LABELS[status]}: ${counts[status]}`).join(" · ")}
      </p>
      {statuses.length === 0 ? (
        <EmptyState title="No vehicle is on a program yet">Create a program below and choose its vehicles or tags.</EmptyState>
      ) : (
        <ScrollRegion label="Vehicles by status">
          <table className="data cards-on-phone" data-testid="maintenance-vehicles">
            <thead>
              <tr>
                <th>Vehicle</th>
                <th>Program</th>
                <th>Status</th>
                <th>Next due</th>
                <th>Last service</th>
                {canManage && <th aria-label="Actions" />}
              </tr>
            </thead>
            <tbody>
              {statuses.map((row) => (
                <tr key={`${row.programId}:${row.vehicleId}`}>
                  <td className="card-title">
                    <Link href={`/maintenance/vehicles/${row.vehicleId}`}>{row.vehicleName}</Link>
                  </td>
                  <td data-label="Program">{row.programName}</td>
                  <td data-label="Status">
                    <MaintenanceStatusBadge status={row.status} />
                  </td>
                  <td data-label="Next due">{describeNextDue(row, unit, timeZone)}</td>
                  <td data-label="Last service">
                    {formatDate(row.serviceAt, timeZone)}
                    {row.serviceOdometerMeters !== null && <span className="muted"> at {formatDistance(row.serviceOdometerMeters, unit, 0)}</span>}
                  </td>
                  {canManage && (
                    <td className="cell-actions">
                      <form action={openServiceWorkOrderAction.bind(null, row.programId, row.vehicleId)}>
                        <button type="submit" className="button button-small" aria-label={`Open a work order for ${row.programName} on ${row.vehicleName}`}>
                          Open work order
                        </button>
                      </form>
                      <form action={recordServiceAction.bind(null, row.programId, row.vehicleId)}>
                        <button type="submit" className="button button-small" aria-label={`Record ${row.programName} done on ${row.vehicleName}`}>
                          Record service
                        </button>
                      </form>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <h2>Programs</h2>
      {programs.length === 0 ? (
        <p className="muted">No programs yet.</p>
      ) : (
        <ScrollRegion label="Programs">
          <table className="data cards-on-phone" data-testid="maintenance-programs">
            <thead>
              <tr>
                <th>Program</th>
                <th>Every</th>
                <th>Applies to</th>
                {canManage && <th aria-label="Actions" />}
              </tr>
            </thead>
            <tbody>
              {programs.map((program) => (
                <tr key={program.id}>
                  <td className="card-title">{program.name}</td>
                  <td data-label="Every">{describeIntervals(program, unit)}</td>
                  <td data-label="Applies to">
                    {[
                      ...program.vehicleIds.map((id) => vehicleNames.get(id) ?? `Vehicle ${id}`),
                      ...program.tagIds.map((id) => `tag ${tagNames.get(id) ?? id}`),
                    ].join(", ")}
                  </td>
                  {canManage && (
                    <td className="cell-actions">
                      <Link href={`/maintenance/programs/${program.id}`} className="button button-small" aria-label={`Edit ${program.name}`}>
                        Edit
                      </Link>
                      <form action={deleteProgramAction.bind(null, program.id)}>
                        <button type="submit" className="button button-small" aria-label={`Delete ${program.name}`}>
                          Delete
                        </button>
                      </form>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {canManage ? (
        <ProgramForm unit={unit} vehicles={vehicleOptions} tags={tags.map(({ id, name }) => ({ id, name }))} />
      ) : (
        <p className="muted">Your role can see what is due; admins and managers change programs and record services.</p>
      )}
    </section>
  );
};

export default Page;
