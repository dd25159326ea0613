import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { AssignmentSection } from "@/components/assignments/assignment-section";
import { DeviceCommandsSection } from "@/components/vehicles/device-commands-section";
import { VehicleForm } from "@/components/vehicles/vehicle-form";
import { findDriverForVehicle, findRecentAssignments } from "@/lib/fleet/assignments";
import { ACTIONS, canDo } from "@/lib/access/auth/role-policy";
import { tagOptions } from "@/lib/dashboard/view/tag-options";
import { listDrivers } from "@/lib/fleet/drivers/list-drivers";
import { listTags } from "@/lib/fleet/tags/list-tags";
import { getVehicle } from "@/lib/fleet/vehicles/get-vehicle";
import { VEHICLE_TYPE_NAMES } from "@/lib/fleet/vehicles/vehicle-types";
import { assignDriverAction, endAssignmentAction } from "../../../assignments/actions";
import { setVehicleArchivedAction, updateVehicleAction } from "../../actions";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { pageRecord } from "@/app/_server/page-record";

export const metadata = { title: "Edit vehicle" };

const Page = async ({ params }: { params: Promise<{ vehicleId: string }> }) => {
  const user = await requireUser(ACTIONS.editVehicles);
  const { vehicleId: raw } = await params;
  if (!/^\d{1,9}$/.test(raw)) notFound();
  const vehicleId = Number(raw);
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const now = new Date();
  const [vehicle, tags, { timeZone }] = await Promise.all([
    pageRecord(getVehicle({ ...tenant, vehicleId })),
    listTags({ ...tenant, limit: 1_000 }),
    companySettings(user.companyId),
  ]);
  const archived = vehicle.archivedAt !== null;
  // An archived vehicle is off the pickers: it keeps its history but is not assigned anew.
  const canAssign = canDo(user.role, "assignVehicles") && !archived;
  // Commands to the vehicle's tracker are sent by those who manage devices.
  const canCommand = canDo(user.role, "manageDevices");
  const [driverNow, recentAssignments, drivers] = await Promise.all([
    findDriverForVehicle({ ...tenant, vehicleId, at: now }),
    findRecentAssignments({ ...tenant, of: { vehicleId }, now }),
    canAssign ? listDrivers({ ...tenant, activationStatus: "active", limit: 2_000 }) : [],
  ]);
  return (
    <div className="page-stack">
      <section className="page">
        <LocalDataNotice subject="Vehicles" reason="edits here change this service's vehicles, not the upstream fleet's." />
        <div className="breadcrumb">
          <Link href="/vehicles">Vehicles</Link> / {vehicle.name}
        </div>
        <div className="page-head">
          <h1>Edit {vehicle.name}</h1>
          <span className={`badge ${archived ? "deactivated" : "active"}`}>{archived ? "Archived" : "Live"}</span>
          <div className="actions">
            <Link href={`/playback?vehicle=${vehicle.id}`} className="button-link">
              History
            </Link>
            <form action={setVehicleArchivedAction.bind(null, vehicleId, !archived)}>
              <button type="submit" className={archived ? "button" : "button-danger button"}>
                {archived ? "Restore vehicle" : "Archive vehicle"}
              </button>
            </form>
          </div>
        </div>
        {archived && (
          <p className="muted">
            Archived: off the live map, the lists and the pickers. Its history, playback and logs stay here; restore it to bring it back (and to assign it a
            driver).
          </p>
        )}
        <VehicleForm
          action={updateVehicleAction.bind(null, vehicleId)}
          submitLabel="Save changes"
          vehicleTypes={VEHICLE_TYPE_NAMES}
          tags={tagOptions(tags).map((option) => ({ id: option.value, name: option.label }))}
          initial={{
            name: vehicle.name,
            vin: vehicle.vin,
            licensePlate: vehicle.plateNumber,
            make: vehicle.make,
            model: vehicle.model,
            year: vehicle.year === null ? "" : String(vehicle.year),
            vehicleType: vehicle.typeName,
            vehicleSubType: vehicle.subType ?? "",
            trailers: vehicle.trailers,
            powerUnitNumber: vehicle.powerUnitNumber,
            notes: vehicle.notes,
            externalIds: Object.entries(vehicle.externalIds)
              .map(([key, value]) => `${key}=${value}`)
              .join("\n"),
            tagIds: vehicle.tags.map((tag) => String(tag.id)),
          }}
        />
      </section>
      <AssignmentSection
        subject={{ kind: "vehicle", name: vehicle.name }}
        now={driverNow}
        control={
          canAssign
            ? {
                options: drivers.map((driver) => ({ id: driver.id, name: driver.name })),
                assign: assignDriverAction.bind(null, vehicleId),
                end: endAssignmentAction,
              }
            : null
        }
        history={recentAssignments}
        timeZone={timeZone}
      />
      {canCommand && <DeviceCommandsSection {...tenant} vehicleId={vehicleId} vehicleName={vehicle.name} timeZone={timeZone} />}
    </div>
  );
};

export default Page;
