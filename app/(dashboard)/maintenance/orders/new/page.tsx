import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { ACTIONS } from "@/lib/access/auth/role-policy";
import { listVehicles } from "@/lib/fleet/vehicles";
import { getRepairSource, type RepairSourceType } from "@/lib/processing/maintenance";
import { NewWorkOrderForm } from "../new-work-order-form";
import { pageRecord } from "@/app/_server/page-record";

export const metadata = { title: "New work order" };

/** The query naming what the order is for: a defect (the inspection's "Open work order") or a fault code (the vehicle's). */
const SOURCE_PARAMS: Record<string, RepairSourceType> = { defect: "dvirDefect", fault: "fault" };

/** A work order for a defect or a fault code, its vehicle and what was reported filled in; by hand without either. */
const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(ACTIONS.manageMaintenance);
  const params = await searchParams;
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const named = Object.keys(SOURCE_PARAMS).find((key) => params[key] !== undefined);
  const raw = named && params[named];
  if (named && (typeof raw !== "string" || !/^\d{1,9}$/.test(raw))) notFound();
  const source = named ? await pageRecord(getRepairSource({ ...tenant, sourceType: SOURCE_PARAMS[named], sourceId: Number(raw) })) : undefined;
  const vehicles = source ? [] : await listVehicles({ ...tenant, limit: 5_000 });
  return (
    <section className="page">
      <LocalDataNotice subject="Work orders" reason="work orders are kept in this service's database." />
      <div className="page-head">
        <h1>Open a work order</h1>
        <div className="actions">
          <Link href="/maintenance/orders" className="button-link">
            Work orders
          </Link>
        </div>
      </div>
      <NewWorkOrderForm vehicles={[...vehicles].sort((a, b) => a.name.localeCompare(b.name)).map(({ id, name }) => ({ id, name }))} source={source} />
    </section>
  );
};

export default Page;
