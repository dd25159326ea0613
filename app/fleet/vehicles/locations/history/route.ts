import { readLocationsHistory } from "@/lib/fleet-api/endpoints/locations";
import { LIST_PARAMS, locationsHistoryQuerySchema } from "@/lib/fleet-api/queries";
import { withFleetApi } from "@/lib/fleet-api/with-fleet-api";
import { parseQuery } from "@/lib/http";

export const GET = withFleetApi(
  ({ request, db, tenant, version }) =>
    readLocationsHistory({ db, tenant, version, query: parseQuery(request, locationsHistoryQuerySchema, LIST_PARAMS) }),
  { scope: "vehicles:read" },
);
