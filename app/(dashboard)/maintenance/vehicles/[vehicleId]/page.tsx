import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { MaintenanceStatusBadge } from "@/components/maintenance/maintenance-status-badge";
import { WorkOrdersTable } from "@/components/maintenance/work-orders-table";
import { WORK_ORDER_STATUS_LABELS } from "@/components/maintenance/work-order-labels";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { getVehicle } from "@/lib/fleet/vehicles";
import { listVehicleMaintenance, listWorkOrders } from "@/lib/processing/maintenance";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { faultCodeLabel, listActiveFaultCodes } from "@/lib/telemetry/vehicle-state/list-active-fault-codes";
import { describeNextDue } from "../../describe-program";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { pageRecord } from "@/app/_server/page-record";

export const metadata = { title: "Service history" };

/** One vehicle's programs (what is due), its active fault codes (a work order for each), and its work orders, completed ones being its service history. */
const Page = async ({ params }: { params: Promise<{ vehicleId: string }> }) => {
  const user = await requireUser(SECTIONS.maintenance.roles);
  const { vehicleId: raw } = await params;
  if (!/^\d{1,9}$/.test(raw)) notFound();
  const vehicleId = Number(raw);
  const { timeZone, distanceUnit: unit } = await companySettings(user.companyId);
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const vehicle = await pageRecord(getVehicle({ ...tenant, vehicleId }));
  const [programs, orders, faults] = await Promise.all([
    listVehicleMaintenance({ ...tenant, vehicleId }),
    listWorkOrders({ ...tenant, vehicleId }),
    listActiveFaultCodes({ ...tenant, vehicleIds: [vehicleId] }),
  ]);
  const canOpenOrders = canDo(user.role, "manageMaintenance");
  const ordersFor = (faultId: number) => orders.filter((order) => order.sourceType === "fault" && order.sourceId === faultId);
  return (
    <section className="page">
      <LocalDataNotice subject="Service history" reason="services and work orders are kept in this service's database." />
      <div className="page-head">
        <h1>{vehicle.name}: service history</h1>
        <div className="actions">
          <Link href="/maintenance" className="button-link">
            Maintenance
          </Link>
          <a href={`/maintenance/orders/export?vehicle=${vehicleId}`} className="button-link" download>
            Export CSV
          </a>
        </div>
      </div>
      <h2>Programs</h2>
      {programs.length === 0 ? (
        <p className="muted">Not on a maintenance program.</p>
      ) : (
        <ul data-testid="vehicle-programs">
          {programs.map((program) => (
            <li key={program.programId}>
              {program.programName} <MaintenanceStatusBadge status={program.status} />{" "}
              <span className="muted">next {describeNextDue(program, unit, timeZone)}</span>
            </li>
          ))}
        </ul>
      )}
      <h2 id="fault-codes">Active fault codes</h2>
      {faults.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="defect-list" data-testid="vehicle-faults">
          {faults.map((fault) => (
            <li key={fault.id} className="defect-card">
              <strong>{faultCodeLabel(fault)}</strong>
              {fault.description && <span>{fault.description}</span>}
              <span className="muted">since {formatDateTime(fault.firstSeenAt, timeZone)}</span>
              {ordersFor(fault.id).map((order) => (
                <Link key={order.id} href={`/maintenance/orders/${order.id}`}>
                  Work order #{order.id}: {WORK_ORDER_STATUS_LABELS[order.status]}
                </Link>
              ))}
              {canOpenOrders && ordersFor(fault.id).every((order) => order.status === "completed") && (
                <Link href={`/maintenance/orders/new?fault=${fault.id}`} className="button" aria-label={`Open a work order for ${faultCodeLabel(fault)}`}>
                  Open work order
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      <h2>Work orders</h2>
      {orders.length === 0 ? <p className="muted">None yet.</p> : <WorkOrdersTable orders={orders} timeZone={timeZone} label="Work orders of the vehicle" />}
    </section>
  );
};

export default Page;
