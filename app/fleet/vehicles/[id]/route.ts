import { getVehicleRecord } from "@/lib/fleet-api/endpoints/vehicles";
import { idParamsSchema } from "@/lib/fleet-api/queries";
import { withFleetApi } from "@/lib/fleet-api/with-fleet-api";
import { parseWith } from "@/lib/http";

export const GET = withFleetApi<{ id: string }>(
  ({ params, db, tenant, version }) => getVehicleRecord({ db, tenant, version, vehicleId: parseWith(idParamsSchema, params, "path").id }),
  { scope: "vehicles:read" },
);
