import { Link } from "@/components/ui/link";
import { FilterActions, FilterSelect } from "@/components/dashboard/filter-fields";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { EmptyState } from "@/components/dashboard/empty-state";
import { Pager } from "@/components/dashboard/pager";
import { SECTIONS, canDo } from "@/lib/access/auth/role-policy";
import { listTags } from "@/lib/fleet/tags/list-tags";
import { resolveTagFilter } from "@/lib/fleet/tags/resolve-tag-filter";
import { searchVehicles } from "@/lib/fleet/vehicles/search-vehicles";
import { listOutOfServiceVehicles } from "@/lib/fleet/inspections";
import { parseVehicleListParams, vehicleListSearchParams } from "@/lib/dashboard/view/vehicle-list-params";
import { tagOptions } from "@/lib/dashboard/view/tag-options";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { ScrollRegion } from "@/components/ui/scroll-region";

export const metadata = { title: "Vehicles" };

const PAGE_SIZE = 50;

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.vehicles.roles);
  const canWrite = canDo(user.role, "editVehicles");
  const params = parseVehicleListParams(await searchParams);
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const [tags, tagIds] = await Promise.all([
    listTags({ ...tenant, limit: 1_000 }),
    resolveTagFilter({ ...tenant, parentTagIds: params.tag ? [params.tag] : undefined }),
  ]);
  const [{ vehicles, count }, outOfService] = await Promise.all([
    searchVehicles({
      ...tenant,
      text: params.q,
      tagIds,
      archived: params.status === "archived",
      offset: params.offset,
      limit: PAGE_SIZE,
    }),
    listOutOfServiceVehicles(tenant),
  ]);
  const outOfServiceIds = new Set(outOfService.map((vehicle) => vehicle.vehicleId));
  const keep = vehicleListSearchParams({ ...params, offset: 0 });
  return (
    <section className="page">
      <LocalDataNotice subject="Vehicles" reason="edits here change this service's vehicles, not the upstream fleet's." />
      <div className="page-head">
        <h1>Vehicles</h1>
        {!canWrite && <span className="muted">Read only for your role</span>}
        <div className="actions">
          <a href={`/vehicles/export?${keep}`} className="button-link" download>
            Export CSV
          </a>
          {canWrite && (
            <>
              <Link href="/vehicles/import" className="button-link">
                Import CSV
              </Link>
              <Link href="/vehicles/new" className="button-link primary">
                New vehicle
              </Link>
            </>
          )}
        </div>
      </div>
      {params.saved && (
        <div className="alert alert-info" role="status">
          Vehicle saved.
        </div>
      )}
      <form className="filters" method="get" action="/vehicles" role="search">
        <label>
          Search
          <input type="search" name="q" defaultValue={params.q} placeholder="Name, VIN, plate, make, model" />
        </label>
        <FilterSelect label="Tag" name="tag" allLabel="All tags" options={tagOptions(tags)} selected={params.tag} />
        <FilterSelect label="Status" name="status" allLabel="Live" options={[{ value: "archived", label: "Archived" }]} selected={params.status} />
        <FilterActions submitLabel="Search" clearHref="/vehicles" />
      </form>
      {vehicles.length === 0 ? (
        <EmptyState title={params.q ? `No vehicle matches “${params.q}”` : params.status === "archived" ? "No archived vehicles" : "No vehicles yet"}>
          {canWrite && params.status !== "archived" ? "Add one with New vehicle, or import a CSV." : undefined}
        </EmptyState>
      ) : (
        <ScrollRegion label="Vehicles">
          <table className="data cards-on-phone" data-testid="vehicles-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>VIN</th>
                <th>Plate</th>
                <th>Make and model</th>
                <th>Type</th>
                <th>Tags</th>
                <th>Driver</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {vehicles.map((vehicle) => (
                <tr key={vehicle.id} data-testid={`vehicle-row-${vehicle.vin}`}>
                  <td className="card-title">
                    <Link href={`/playback?vehicle=${vehicle.id}`}>{vehicle.name}</Link>
                    {vehicle.archivedAt && <span className="badge deactivated">Archived</span>}
                    {outOfServiceIds.has(vehicle.id) && (
                      <Link href={`/inspections?vehicle=${vehicle.id}&status=unsafe`} className="badge status-revoked">
                        Out of service
                      </Link>
                    )}
                  </td>
                  <td data-label="VIN">
                    <code>{vehicle.vin}</code>
                  </td>
                  <td data-label="Plate">{vehicle.plateNumber || <span className="muted">—</span>}</td>
                  <td data-label="Make and model">
                    {[vehicle.make, vehicle.model, vehicle.year].filter(Boolean).join(" ") || <span className="muted">—</span>}
                  </td>
                  <td data-label="Type">{vehicle.subType ? `${vehicle.typeName} · ${vehicle.subType}` : vehicle.typeName}</td>
                  <td data-label="Tags">{vehicle.tags.map((tag) => tag.name).join(", ") || <span className="muted">—</span>}</td>
                  <td data-label="Driver">{vehicle.staticAssignedDriver?.name ?? <span className="muted">—</span>}</td>
                  <td>
                    {canWrite && (
                      <Link href={`/vehicles/${vehicle.id}/edit`} aria-label={`Edit ${vehicle.name}`}>
                        Edit
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager basePath="/vehicles" params={keep} offset={params.offset} limit={PAGE_SIZE} count={count} />
    </section>
  );
};

export default Page;
