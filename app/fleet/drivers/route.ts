import { createDriverSchema } from "@/lib/drivers";
import { createDriverRecord, listDriversPage } from "@/lib/fleet-api/endpoints/drivers";
import { driversQuerySchema, LIST_PARAMS } from "@/lib/fleet-api/queries";
import { FleetResponse, withFleetApi } from "@/lib/fleet-api/with-fleet-api";
import { parseQuery, parseWith, readJson } from "@/lib/http";

export const GET = withFleetApi(
  ({ request, db, tenant, version }) => listDriversPage({ db, tenant, version, query: parseQuery(request, driversQuerySchema, LIST_PARAMS) }),
  { scope: "drivers:read" },
);

export const POST = withFleetApi(
  async ({ request, db, tenant, version }) =>
    new FleetResponse(await createDriverRecord({ db, tenant, version, input: parseWith(createDriverSchema, await readJson(request)) }), 201),
  { scope: "drivers:write" },
);
