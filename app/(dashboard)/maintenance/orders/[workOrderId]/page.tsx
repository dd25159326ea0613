import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { formatMoney, WORK_ORDER_STATUS_LABELS } from "@/components/maintenance/work-order-labels";
import { WorkOrderSource } from "@/components/maintenance/work-order-source";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { getWorkOrder } from "@/lib/processing/maintenance";
import { formatDistance } from "@/lib/platform/units";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { setWorkOrderStatusAction } from "../../work-order-actions";
import { AddLineForm } from "./add-line-form";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { pageRecord } from "@/app/_server/page-record";

export const metadata = { title: "Work order" };

const Page = async ({ params, searchParams }: { params: Promise<{ workOrderId: string }>; searchParams: Promise<Record<string, string | undefined>> }) => {
  const user = await requireUser(SECTIONS.maintenance.roles);
  const { workOrderId } = await params;
  const notice = await searchParams;
  if (!/^\d{1,9}$/.test(workOrderId)) notFound();
  const { timeZone, distanceUnit: unit } = await companySettings(user.companyId);
  const order = await pageRecord(getWorkOrder({ db: getDb(), companyId: user.companyId, dataset: "live", workOrderId: Number(workOrderId) }));
  const canManage = canDo(user.role, "manageMaintenance") && order.status !== "completed";
  return (
    <section className="page">
      <LocalDataNotice subject="Work orders" reason="work orders are kept in this service's database." />
      <div className="page-head">
        <h1>
          Work order #{order.id}: {order.description}
        </h1>
        <span className="muted">
          <Link href={`/maintenance/vehicles/${order.vehicleId}`}>{order.vehicleName}</Link> ·{" "}
          <span data-testid="work-order-source">
            <WorkOrderSource order={order} />
          </span>{" "}
          · opened {formatDateTime(order.createdAt, timeZone)}
        </span>
        <div className="actions">
          <Link href="/maintenance/orders" className="button-link">
            Work orders
          </Link>
        </div>
      </div>
      {(notice.opened || notice.added || notice.status) && (
        <div className="alert alert-info" role="status">
          {notice.opened ? "Work order opened." : notice.added ? "Line added." : `Status: ${WORK_ORDER_STATUS_LABELS[order.status]}.`}
        </div>
      )}
      <p data-testid="work-order-status">
        Status: <strong>{WORK_ORDER_STATUS_LABELS[order.status]}</strong>
        {order.completedAt && (
          <span className="muted">
            {" "}
            on {formatDateTime(order.completedAt, timeZone)}
            {order.odometerMeters !== null && ` at ${formatDistance(order.odometerMeters, unit, 0)}`}
          </span>
        )}
      </p>
      {canManage && (
        <div className="actions">
          {order.status === "open" && (
            <form action={setWorkOrderStatusAction.bind(null, order.id, "inProgress")}>
              <button type="submit" className="button">
                Start work
              </button>
            </form>
          )}
          <form action={setWorkOrderStatusAction.bind(null, order.id, "completed")}>
            <button type="submit" className="button button-primary">
              Complete
            </button>
          </form>
        </div>
      )}
      <h2>Parts and labor</h2>
      {order.lines.length === 0 ? (
        <p className="muted">No lines yet.</p>
      ) : (
        <ScrollRegion label="Parts and labor">
          <table className="data cards-on-phone" data-testid="work-order-lines">
            <thead>
              <tr>
                <th>Item</th>
                <th>Kind</th>
                <th className="num">Quantity</th>
                <th className="num">Unit cost</th>
                <th className="num">Cost</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line, index) => (
                <tr key={index}>
                  <td className="card-title">{line.description}</td>
                  <td data-label="Kind">{line.kind === "part" ? "Part" : "Labor (hours)"}</td>
                  <td data-label="Quantity" className="num">
                    {line.quantity}
                  </td>
                  <td data-label="Unit cost" className="num">
                    {formatMoney(line.unitCostCents)}
                  </td>
                  <td data-label="Cost" className="num">
                    {formatMoney(Math.round(line.quantity * line.unitCostCents))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <p data-testid="work-order-total">
        Parts {formatMoney(order.partsCents)} · Labor {formatMoney(order.laborCents)} · <strong>Total {formatMoney(order.totalCents)}</strong>
      </p>
      {canManage && <AddLineForm workOrderId={order.id} />}
    </section>
  );
};

export default Page;
