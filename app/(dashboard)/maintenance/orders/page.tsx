import { Link } from "@/components/ui/link";
import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { EmptyState } from "@/components/dashboard/empty-state";
import { WorkOrdersTable } from "@/components/maintenance/work-orders-table";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { listVehicles } from "@/lib/fleet/vehicles";
import { listWorkOrders } from "@/lib/processing/maintenance";
import { NewWorkOrderForm } from "./new-work-order-form";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";

export const metadata = { title: "Work orders" };

const SHOWN = 500;

const Page = async () => {
  const user = await requireUser(SECTIONS.maintenance.roles);
  const { timeZone } = await companySettings(user.companyId);
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const [orders, vehicles] = await Promise.all([listWorkOrders({ ...tenant, limit: SHOWN }), listVehicles({ ...tenant, limit: 5_000 })]);
  return (
    <section className="page">
      <LocalDataNotice subject="Work orders" reason="work orders are kept in this service's database." />
      <div className="page-head">
        <h1>Work orders</h1>
        <span className="muted">Repairs and services, with their parts and labor; a completed order is its vehicle&apos;s service history</span>
        <div className="actions">
          <Link href="/maintenance" className="button-link">
            Maintenance
          </Link>
          <a href="/maintenance/orders/export" className="button-link" download>
            Export CSV
          </a>
        </div>
      </div>
      {orders.length === 0 ? (
        <EmptyState title="No work orders yet">Open one from a service due on the Maintenance page, or by hand below.</EmptyState>
      ) : (
        <WorkOrdersTable orders={orders} timeZone={timeZone} label="Work orders" />
      )}
      {orders.length === SHOWN && <p className="muted">The newest {SHOWN} are shown: the CSV holds them all.</p>}
      {canDo(user.role, "manageMaintenance") && (
        <NewWorkOrderForm vehicles={[...vehicles].sort((a, b) => a.name.localeCompare(b.name)).map(({ id, name }) => ({ id, name }))} />
      )}
    </section>
  );
};

export default Page;
