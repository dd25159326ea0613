import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { listDrivers } from "@/lib/fleet/drivers/list-drivers";
import { tagOptions } from "@/lib/dashboard/view/tag-options";
import { listTags } from "@/lib/fleet/tags/list-tags";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { TagsScreen } from "./page-client";

export const metadata = { title: "Tags" };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.tags.roles);
  const params = await searchParams;
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const [tags, vehicles, drivers] = await Promise.all([
    listTags({ ...tenant, limit: 1_000 }),
    listVehicles({ ...tenant, limit: 5_000 }),
    listDrivers({ ...tenant, activationStatus: "active", limit: 5_000 }),
  ]);
  const editId = Number(one(params.edit)) || null;
  const order = tagOptions(tags);
  const byId = new Map(tags.map((tag) => [tag.id, tag]));
  return (
    <section className="page">
      <LocalDataNotice subject="Tags" reason="edits here change this service's tags, not the upstream fleet's." />
      <h1>Tags</h1>
      <p className="muted">
        Group vehicles and drivers; a tag may sit under a parent (a region over its depots). Filtering by a parent includes everything under it.
      </p>
      {one(params.saved) && (
        <div className="alert alert-info" role="status">
          Tag saved.
        </div>
      )}
      {one(params.deleted) && (
        <div className="alert alert-info" role="status">
          Tag deleted.
        </div>
      )}
      <TagsScreen
        tags={order.map((option) => {
          const tag = byId.get(option.value)!;
          return {
            id: tag.id,
            label: option.label,
            name: tag.name,
            parentTagId: tag.parentTag?.id ?? null,
            parentName: tag.parentTag?.name ?? null,
            vehicleIds: tag.vehicles.map((v) => v.id),
            driverIds: tag.drivers.map((d) => d.id),
          };
        })}
        vehicles={vehicles.map((vehicle) => ({ id: vehicle.id, name: vehicle.name }))}
        drivers={drivers.map((driver) => ({ id: driver.id, name: driver.name }))}
        editId={editId !== null && byId.has(editId) ? editId : null}
      />
    </section>
  );
};

export default Page;
