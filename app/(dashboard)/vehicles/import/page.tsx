import { Link } from "@/components/ui/link";
import { requireUser } from "@/app/_server/session";
import { ACTIONS } from "@/lib/access/auth/role-policy";
import { VEHICLE_CSV_HEADERS } from "@/lib/fleet/vehicles/vehicles-csv-columns";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { VehicleImport } from "./page-client";

export const metadata = { title: "Import vehicles" };

const Page = async () => {
  await requireUser(ACTIONS.editVehicles);
  return (
    <section className="page">
      <LocalDataNotice subject="Vehicles" reason="an import changes this service's vehicles, not the upstream fleet's." />
      <div className="breadcrumb">
        <Link href="/vehicles">Vehicles</Link> / Import
      </div>
      <h1>Import vehicles from CSV</h1>
      {/* prettier-ignore */}
      <p className="muted">
        A header row, then one vehicle a row. Columns: <code>{VEHICLE_CSV_HEADERS.join(", ")}</code>; only <code>name</code> and{" "}
        <code>vin</code> are required.{" "}
        <code>tags</code>: tag names separated by <code>;</code>. <code>externalIds</code>: <code>key=value</code> pairs separated by <code>;</code>. An export
        from the Vehicles page imports back as it is. The file is checked first and imported all or nothing.
      </p>
      <VehicleImport />
    </section>
  );
};

export default Page;
