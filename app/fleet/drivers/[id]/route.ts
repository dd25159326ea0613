import { driverInputSchema } from "@/lib/drivers";
import { getDriverRecord, updateDriverRecord } from "@/lib/fleet-api/endpoints/drivers";
import { idParamsSchema } from "@/lib/fleet-api/queries";
import { withFleetApi } from "@/lib/fleet-api/with-fleet-api";
import { parseWith, readJson } from "@/lib/http";

export const GET = withFleetApi<{ id: string }>(
  ({ params, db, tenant, version }) => getDriverRecord({ db, tenant, version, driverId: parseWith(idParamsSchema, params, "path").id }),
  { scope: "drivers:read" },
);

export const PATCH = withFleetApi<{ id: string }>(
  async ({ request, params, db, tenant, version }) =>
    updateDriverRecord({
      db,
      tenant,
      version,
      driverId: parseWith(idParamsSchema, params, "path").id,
      input: parseWith(driverInputSchema, await readJson(request)),
    }),
  { scope: "drivers:write" },
);
