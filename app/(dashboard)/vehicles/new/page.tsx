import { Link } from "@/components/ui/link";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { VehicleForm } from "@/components/vehicles/vehicle-form";
import { ACTIONS } from "@/lib/access/auth/role-policy";
import { tagOptions } from "@/lib/dashboard/view/tag-options";
import { listTags } from "@/lib/fleet/tags/list-tags";
import { VEHICLE_TYPE_NAMES } from "@/lib/fleet/vehicles/vehicle-types";
import { createVehicleAction } from "../actions";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";

export const metadata = { title: "New vehicle" };

const Page = async () => {
  const user = await requireUser(ACTIONS.editVehicles);
  const tags = await listTags({ db: getDb(), companyId: user.companyId, dataset: "live", limit: 1_000 });
  return (
    <section className="page">
      <LocalDataNotice subject="Vehicles" reason="edits here change this service's vehicles, not the upstream fleet's." />
      <div className="breadcrumb">
        <Link href="/vehicles">Vehicles</Link> / New
      </div>
      <h1>New vehicle</h1>
      <VehicleForm
        action={createVehicleAction}
        submitLabel="Create vehicle"
        vehicleTypes={VEHICLE_TYPE_NAMES}
        tags={tagOptions(tags).map((option) => ({ id: option.value, name: option.label }))}
        initial={{
          name: "",
          vin: "",
          licensePlate: "",
          make: "",
          model: "",
          year: "",
          vehicleType: "Truck",
          vehicleSubType: "",
          trailers: "",
          powerUnitNumber: "",
          notes: "",
          externalIds: "",
          tagIds: [],
        }}
      />
    </section>
  );
};

export default Page;
