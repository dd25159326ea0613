import { Link } from "@/components/ui/link";
import { FilterActions, FilterSelect } from "@/components/dashboard/filter-fields";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { EmptyState } from "@/components/dashboard/empty-state";
import { Pager } from "@/components/dashboard/pager";
import { SECTIONS, canDo } from "@/lib/access/auth/role-policy";
import { searchDrivers } from "@/lib/fleet/drivers/search-drivers";
import { tagOptions } from "@/lib/dashboard/view/tag-options";
import { listTags } from "@/lib/fleet/tags/list-tags";
import { resolveTagFilter } from "@/lib/fleet/tags/resolve-tag-filter";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { ScrollRegion } from "@/components/ui/scroll-region";

export const metadata = { title: "Drivers" };

const PAGE_SIZE = 50;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.drivers.roles);
  const canWrite = canDo(user.role, "editDrivers");
  const params = await searchParams;
  const text = one(params.q).slice(0, 100);
  const status = one(params.status);
  const activationStatus = status === "active" || status === "deactivated" ? status : undefined;
  const offset = Math.min(Math.max(0, Number.parseInt(one(params.offset), 10) || 0), 10_000_000);
  const saved = one(params.saved);
  const tag = /^\d{1,9}$/.test(one(params.tag)) ? Number(one(params.tag)) : undefined;
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  // A tag filter includes the tags below it (Samsara's parentTagIds).
  const [tags, tagIds] = await Promise.all([
    listTags({ ...tenant, limit: 1_000 }),
    resolveTagFilter({ ...tenant, parentTagIds: tag === undefined ? undefined : [tag] }),
  ]);
  const { drivers, count } = await searchDrivers({ ...tenant, text, activationStatus, tagIds, offset, limit: PAGE_SIZE });
  const keep = new URLSearchParams();
  if (text) keep.set("q", text);
  if (activationStatus) keep.set("status", activationStatus);
  if (tag !== undefined) keep.set("tag", String(tag));
  return (
    <section className="page">
      <LocalDataNotice subject="Drivers" reason="edits here change this service's drivers, not the upstream fleet's." />
      <div className="page-head">
        <h1>Drivers</h1>
        {!canWrite && <span className="muted">Read only for your role</span>}
        <div className="actions">
          {canWrite && (
            <Link href="/drivers/new" className="button-link primary">
              New driver
            </Link>
          )}
        </div>
      </div>
      {saved && (
        <div className="alert alert-info" role="status">
          Driver saved.
        </div>
      )}
      <form className="filters" method="get" action="/drivers" role="search">
        <label>
          Search
          <input type="search" name="q" defaultValue={text} placeholder="Name, username, phone, license" />
        </label>
        <FilterSelect label="Tag" name="tag" allLabel="All tags" options={tagOptions(tags)} selected={tag} />
        <FilterSelect
          label="Status"
          name="status"
          allLabel="All"
          options={[
            { value: "active", label: "Active" },
            { value: "deactivated", label: "Deactivated" },
          ]}
          selected={activationStatus}
        />
        <FilterActions submitLabel="Search" clearHref="/drivers" />
      </form>
      {drivers.length === 0 ? (
        <EmptyState title={text ? `No driver matches “${text}”` : "No drivers yet"}>{canWrite ? "Create one with New driver." : undefined}</EmptyState>
      ) : (
        <ScrollRegion label="Drivers">
          <table className="data cards-on-phone" data-testid="drivers-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Username</th>
                <th>Phone</th>
                <th>License</th>
                <th>Vehicle</th>
                <th>Time zone</th>
                <th>Status</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {drivers.map((driver) => (
                <tr key={driver.id} data-testid={`driver-row-${driver.username}`}>
                  <td className="card-title">
                    <Link href={`/hos/${driver.id}`}>{driver.name}</Link>
                  </td>
                  <td data-label="Username">{driver.username}</td>
                  <td data-label="Phone">{driver.phone || <span className="muted">—</span>}</td>
                  <td data-label="License">
                    {driver.licenseNumber ? `${driver.licenseNumber} ${driver.licenseState}`.trim() : <span className="muted">—</span>}
                  </td>
                  <td data-label="Vehicle">{driver.staticAssignedVehicle?.name ?? <span className="muted">—</span>}</td>
                  <td data-label="Time zone">{driver.timezone}</td>
                  <td data-label="Status">
                    <span className={`badge ${driver.activationStatus}`}>{driver.activationStatus === "active" ? "Active" : "Deactivated"}</span>
                  </td>
                  <td>
                    {canWrite && (
                      <Link href={`/drivers/${driver.id}/edit`} aria-label={`Edit ${driver.name}`}>
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
      <Pager basePath="/drivers" params={keep} offset={offset} limit={PAGE_SIZE} count={count} />
    </section>
  );
};

export default Page;
