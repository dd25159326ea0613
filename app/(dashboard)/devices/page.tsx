import { CREATE_PARAMETER } from "@/components/ui/form-opener";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { listDevices } from "@/lib/fleet/devices/list-devices";
import { getConnectInstructions } from "@/lib/fleet/devices/connect-instructions";
import { listIngestTokens } from "@/lib/ingestion/batch/ingest-tokens";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { DevicesPageClient } from "./page-client";

export const metadata = { title: "Devices" };

/** The page lists this many devices and vehicles (a larger fleet pages through GET /gateways). */
const PAGE_LIMIT = 2_000;

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.devices.roles);
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const canManage = canDo(user.role, "manageDevices");
  const now = new Date();
  const [devices, vehicles, tokens] = await Promise.all([
    listDevices({ ...tenant, limit: PAGE_LIMIT, now }),
    // A tracker binds to a trailer as to a vehicle.
    listVehicles({ ...tenant, kind: "any", limit: PAGE_LIMIT }),
    canDo(user.role, "manageIngestTokens") ? listIngestTokens(tenant) : [],
  ]);
  return (
    <>
      <LocalDataNotice subject="Devices" reason="devices registered here report to this service." />
      <DevicesPageClient
        devices={devices}
        now={now}
        vehicles={vehicles.map((vehicle) => ({ id: vehicle.id, name: vehicle.name }))}
        tokens={tokens}
        canManage={canManage}
        connect={canManage ? getConnectInstructions() : null}
        canManageTokens={canDo(user.role, "manageIngestTokens")}
        formOpen={CREATE_PARAMETER in (await searchParams)}
      />
    </>
  );
};

export default Page;
