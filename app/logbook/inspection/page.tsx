import { Link } from "@/components/ui/link";
import { randomUUID } from "node:crypto";
import { requireDriver } from "@/app/_server/driver-session";
import { getDb } from "@/db/client";
import { getDriver } from "@/lib/fleet/drivers";
import { findDriverVehicle } from "@/lib/hos/logbook/vehicle-driver";
import { listDefectTypes } from "@/lib/fleet/inspections";
import { listVehicles } from "@/lib/fleet/vehicles";
import { OpenDefects } from "../open-defects";
import { InspectionForm } from "../inspection-form";
import { getCompanySettings } from "@/lib/dashboard/view/company-settings";
import "@/components/dashboard/dashboard-pages.css";
import "../logbook.css";

export const metadata = { title: "Vehicle inspection" };
export const dynamic = "force-dynamic";

const InspectionPage = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const driver = await requireDriver();
  const tenant = { db: getDb(), companyId: driver.companyId, dataset: driver.dataset };
  const { vehicle: asked } = await searchParams;
  const [vehicles, checklist, assigned, { timezone }, { distanceUnit }] = await Promise.all([
    listVehicles({ ...tenant, limit: 5_000 }),
    listDefectTypes(tenant),
    findDriverVehicle({ ...tenant, driverId: driver.driverId, at: new Date() }),
    getDriver({ ...tenant, driverId: driver.driverId }),
    getCompanySettings({ db: tenant.db, companyId: driver.companyId }),
  ]);
  const chosen = vehicles.find((vehicle) => String(vehicle.id) === asked)?.id ?? assigned?.vehicleId ?? null;
  return (
    <main className="logbook">
      <header className="logbook-head">
        <div>
          <h1>Vehicle inspection</h1>
          <p className="muted">{driver.name}</p>
        </div>
        <Link href="/logbook" className="button">
          Back to logbook
        </Link>
      </header>
      {chosen !== null && <OpenDefects {...tenant} vehicleId={chosen} timeZone={timezone} />}
      <section className="page" aria-labelledby="inspect-heading">
        <h2 id="inspect-heading">Report</h2>
        <InspectionForm
          vehicles={[...vehicles].sort((a, b) => a.name.localeCompare(b.name)).map((vehicle) => ({ id: vehicle.id, name: vehicle.name }))}
          vehicleId={chosen}
          checklist={checklist.map((type) => ({ id: type.id, label: type.label }))}
          idempotencyKey={randomUUID()}
          unit={distanceUnit}
        />
      </section>
    </main>
  );
};

export default InspectionPage;
