import { Link } from "@/components/ui/link";
import { companySettings } from "@/app/_server/company-settings";
import { HosNotTracked } from "@/components/hos/hos-not-tracked";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { EmptyState } from "@/components/dashboard/empty-state";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { listDrivers } from "@/lib/fleet/drivers";
import { listUnassignedDriving, type UnassignedSegment } from "@/lib/hos/logbook/unassigned-driving";
import { formatDateTime, formatTime } from "@/lib/platform/zoned-time";
import { formatDistance } from "@/lib/platform/units";
import { ResolveDriveForm } from "./page-client";

export const metadata = { title: "Unassigned driving" };

const STATUS_LABELS: Record<UnassignedSegment["status"], string> = {
  unassigned: "Unassigned",
  assigned: "Waiting for the driver",
  accepted: "Accepted by the driver",
  annotated: "Annotated",
};

const Page = async () => {
  const user = await requireUser(SECTIONS.hos.roles);
  const { timeZone, distanceUnit, hosRules } = await companySettings(user.companyId);
  if (hosRules === "none") return <HosNotTracked title="Unassigned driving" canChange={canDo(user.role, "editCompanySettings")} />;
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const [segments, drivers] = await Promise.all([listUnassignedDriving(tenant), listDrivers({ ...tenant, limit: 2_000 })]);
  const canResolve = canDo(user.role, "manageHosLogs");
  const activeDrivers = drivers.filter((driver) => driver.activationStatus === "active").map((driver) => ({ id: driver.id, name: driver.name }));
  const byVehicle = new Map<string, UnassignedSegment[]>();
  for (const segment of segments) byVehicle.set(segment.vehicle.name, [...(byVehicle.get(segment.vehicle.name) ?? []), segment]);
  const open = segments.filter((segment) => segment.status === "unassigned").length;
  return (
    <section className="page">
      <LocalDataNotice subject="Unassigned driving" reason="it is detected from the telemetry in this service's database." />
      <div className="breadcrumb">
        <Link href="/hos">Hours of service</Link> / Unassigned driving
      </div>
      <div className="page-head">
        <h1>Unassigned driving</h1>
        <span className="muted">{open} to resolve · every driving minute must be a driver&apos;s or explained (49 CFR 395.32)</span>
      </div>
      {segments.length === 0 ? (
        <EmptyState title="No unassigned driving">When a vehicle moves with no driver on it, the drive appears here to assign or annotate.</EmptyState>
      ) : (
        [...byVehicle].map(([vehicleName, drives]) => (
          <section key={vehicleName} aria-labelledby={`vehicle-${drives[0].vehicle.id}`}>
            <h2 id={`vehicle-${drives[0].vehicle.id}`}>{vehicleName}</h2>
            <ul className="unassigned-list">
              {drives.map((segment) => (
                <li key={segment.id} className="unassigned-card" data-testid="unassigned-drive">
                  <strong>
                    {formatDateTime(segment.startTime, timeZone)}–{segment.closed ? formatTime(segment.endTime, timeZone) : "still moving"}
                  </strong>
                  <span>
                    {segment.from ?? "—"} → {segment.to ?? "—"} · {formatDistance(segment.distanceMeters, distanceUnit)}
                  </span>
                  <span className="muted">
                    {STATUS_LABELS[segment.status]}
                    {segment.driver ? `: ${segment.driver.name}` : ""}
                    {segment.annotation ? ` — “${segment.annotation}”` : ""}
                  </span>
                  {canResolve && segment.closed && segment.status === "unassigned" && <ResolveDriveForm segmentId={segment.id} drivers={activeDrivers} />}
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
};

export default Page;
