import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { DriverForm } from "@/components/drivers/driver-form";
import { DRIVER_TIMEZONES } from "@/components/drivers/driver-timezones";
import { ACTIONS } from "@/lib/access/auth/role-policy";
import { getDriver } from "@/lib/fleet/drivers/get-driver";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { setDriverActivationAction, setDriverSignInAction, updateDriverAction } from "../../actions";
import { DriverSignInForm } from "@/components/drivers/driver-sign-in-form";
import { LogbookHandout } from "@/components/drivers/logbook-handout";
import { logbookLink } from "@/lib/hos/logbook/logbook-link";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { pageRecord } from "@/app/_server/page-record";

export const metadata = { title: "Edit driver" };

const Page = async ({
  params,
  searchParams,
}: {
  params: Promise<{ driverId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) => {
  const user = await requireUser(ACTIONS.editDrivers);
  const { driverId: raw } = await params;
  if (!/^\d{1,9}$/.test(raw)) notFound();
  const driverId = Number(raw);
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const [driver, vehicles] = await Promise.all([pageRecord(getDriver({ ...tenant, driverId })), listVehicles({ ...tenant, limit: 2_000 })]);
  const isActive = driver.activationStatus === "active";
  const created = "created" in (await searchParams);
  return (
    <section className="page">
      <LocalDataNotice subject="Drivers" reason="edits here change this service's drivers, not the upstream fleet's." />
      <div className="breadcrumb">
        <Link href="/drivers">Drivers</Link> / {driver.name}
      </div>
      {created && (
        <p className="notice" role="status">
          Driver created. Hand them the logbook link below.
        </p>
      )}
      <div className="page-head">
        <h1>Edit {driver.name}</h1>
        <span className={`badge ${driver.activationStatus}`}>{isActive ? "Active" : "Deactivated"}</span>
        <form className="actions" action={setDriverActivationAction.bind(null, driverId, isActive ? "deactivated" : "active")}>
          <button type="submit" className={isActive ? "button-danger button" : "button"}>
            {isActive ? "Deactivate driver" : "Reactivate driver"}
          </button>
        </form>
      </div>
      <DriverForm
        action={updateDriverAction.bind(null, driverId)}
        submitLabel="Save changes"
        vehicles={vehicles.map((vehicle) => ({ id: vehicle.id, name: vehicle.name }))}
        timezones={DRIVER_TIMEZONES}
        initial={{
          name: driver.name,
          username: driver.username,
          phone: driver.phone,
          licenseNumber: driver.licenseNumber,
          licenseState: driver.licenseState,
          timezone: driver.timezone,
          eldExempt: driver.eldExempt,
          eldExemptReason: driver.eldExemptReason,
          eldPcEnabled: driver.eldPcEnabled,
          eldYmEnabled: driver.eldYmEnabled,
          staticAssignedVehicleId: driver.staticAssignedVehicleId === null ? "" : String(driver.staticAssignedVehicleId),
          notes: driver.notes,
        }}
      />
      <h2 id="logbook">Logbook sign-in</h2>
      <LogbookHandout url={logbookLink(driver.username)} username={driver.username} />
      <DriverSignInForm action={setDriverSignInAction.bind(null, driverId)} username={driver.username} />
    </section>
  );
};

export default Page;
