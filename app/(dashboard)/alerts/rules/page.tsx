import { requireUser } from "@/app/_server/session";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { getDb } from "@/db/client";
import { emailedUserIds } from "@/lib/processing/alerts/alert-recipients";
import { describeTrigger } from "@/lib/processing/alerts/alert-trigger";
import { listAlertRules } from "@/lib/processing/alerts/manage-alert-rules";
import { describeOperationalSettings } from "@/lib/processing/alerts/operational-settings";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { listPlaces } from "@/lib/fleet/places/manage-places";
import { listTags } from "@/lib/fleet/tags";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { listUsers } from "@/lib/access/users/list-users";
import { getCompanySettings } from "@/lib/dashboard/view/company-settings";
import { RulesPageClient } from "./page-client";

export const metadata = { title: "Alert rules" };

const Page = async () => {
  const user = await requireUser(SECTIONS.alertRules.roles);
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const [rules, places, tags, users, vehicleRows, { distanceUnit }] = await Promise.all([
    listAlertRules({ ...tenant, limit: 500 }),
    listPlaces({ ...tenant, limit: 2_000 }),
    listTags({ ...tenant, limit: 2_000 }),
    listUsers({ db: tenant.db, companyId: user.companyId, includeDeactivated: false }),
    // Trailers with their own trackers are watched as vehicles are (docs/decisions.md, "Trailers are vehicles of another kind").
    listVehicles({ ...tenant, kind: "any", limit: 5_000 }),
    getCompanySettings({ db: tenant.db, companyId: user.companyId }),
  ]);
  const vehicleNames = new Map(vehicleRows.map((vehicle) => [vehicle.id, vehicle.name]));
  const userNames = new Map(users.map((row) => [row.id, row.name]));
  const placeNames = new Map(places.map((place) => [place.id, place.name]));
  const tagNames = new Map(tags.map((tag) => [tag.id, tag.name]));
  const views = rules.map((rule) => ({
    id: rule.id,
    name: rule.name,
    isEnabled: rule.isEnabled,
    watches: [describeTrigger(rule.trigger, distanceUnit), describeOperationalSettings(rule.operationalSettings)].filter(Boolean).join(", "),
    places:
      "placeIds" in rule.trigger
        ? rule.trigger.placeIds.length === 0
          ? "Every place"
          : rule.trigger.placeIds.map((id) => placeNames.get(id) ?? `#${id}`).join(", ")
        : "",
    emails: emailedUserIds(rule.actions)
      .map((id) => userNames.get(id))
      .filter((name) => name !== undefined)
      .join(", "),
    scope:
      rule.vehicleIds.length === 0 && rule.tagIds.length === 0
        ? "All vehicles and trailers"
        : [...rule.vehicleIds.map((id) => vehicleNames.get(id) ?? `#${id}`), ...rule.tagIds.map((id) => `tagged ${tagNames.get(id) ?? `#${id}`}`)].join(", "),
  }));
  return (
    <>
      <LocalDataNotice subject="Alert rules" reason="alert rules are kept and evaluated by this service." />
      <RulesPageClient
        rules={views}
        places={places.map(({ id, name }) => ({ id, name }))}
        tags={tags.map(({ id, name }) => ({ id, name }))}
        vehicles={vehicleRows.map(({ id, name, assetKind }) => ({ id, name: assetKind === "trailer" ? `${name} (trailer)` : name }))}
        users={users.map(({ id, name, email }) => ({ id, name: `${name} <${email}>` }))}
        canManage={canDo(user.role, "manageAlertRules")}
      />
    </>
  );
};

export default Page;
