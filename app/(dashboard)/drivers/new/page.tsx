import { Link } from "@/components/ui/link";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { DriverForm } from "@/components/drivers/driver-form";
import { DRIVER_TIMEZONES } from "@/components/drivers/driver-timezones";
import { ACTIONS } from "@/lib/access/auth/role-policy";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { createDriverAction } from "../actions";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";

export const metadata = { title: "New driver" };

const Page = async () => {
  const user = await requireUser(ACTIONS.editDrivers);
  const vehicles = await listVehicles({ db: getDb(), companyId: user.companyId, dataset: "live", limit: 2_000 });
  return (
    <section className="page">
      <LocalDataNotice subject="Drivers" reason="edits here change this service's drivers, not the upstream fleet's." />
      <div className="breadcrumb">
        <Link href="/drivers">Drivers</Link> / New
      </div>
      <h1>New driver</h1>
      <DriverForm
        action={createDriverAction}
        submitLabel="Create driver"
        asksSecret
        vehicles={vehicles.map((vehicle) => ({ id: vehicle.id, name: vehicle.name }))}
        timezones={DRIVER_TIMEZONES}
        initial={{
          name: "",
          username: "",
          phone: "",
          licenseNumber: "",
          licenseState: "",
          timezone: "America/Chicago",
          eldExempt: false,
          eldExemptReason: "",
          eldPcEnabled: false,
          eldYmEnabled: false,
          staticAssignedVehicleId: "",
          notes: "",
        }}
      />
    </section>
  );
};

export default Page;
