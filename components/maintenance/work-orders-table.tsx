import { Link } from "@/components/ui/link";
import { ScrollRegion } from "@/components/ui/scroll-region";
import type { WorkOrderView } from "@/lib/processing/maintenance";
import { formatDate } from "@/lib/platform/zoned-time";
import { formatMoney, WORK_ORDER_STATUS_LABELS } from "./work-order-labels";
import { WorkOrderSource } from "./work-order-source";

/** Work orders as a table (cards on a phone): each links to its page. */
export const WorkOrdersTable = ({ orders, timeZone, label }: { orders: WorkOrderView[]; timeZone: string; label: string }) => (
  <ScrollRegion label={label}>
    <table className="data cards-on-phone" data-testid="work-orders">
      <thead>
        <tr>
          <th>Work order</th>
          <th>Vehicle</th>
          <th>Status</th>
          <th>Opened for</th>
          <th>Opened</th>
          <th>Completed</th>
          <th className="num">Total</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <td className="card-title">
              <Link href={`/maintenance/orders/${order.id}`}>
                #{order.id} {order.description}
              </Link>
            </td>
            <td data-label="Vehicle">
              <Link href={`/maintenance/vehicles/${order.vehicleId}`}>{order.vehicleName}</Link>
            </td>
            <td data-label="Status">{WORK_ORDER_STATUS_LABELS[order.status]}</td>
            <td data-label="Opened for">
              <WorkOrderSource order={order} />
            </td>
            <td data-label="Opened">{formatDate(order.createdAt, timeZone)}</td>
            <td data-label="Completed">{order.completedAt ? formatDate(order.completedAt, timeZone) : "—"}</td>
            <td data-label="Total" className="num">
              {formatMoney(order.totalCents)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </ScrollRegion>
);
