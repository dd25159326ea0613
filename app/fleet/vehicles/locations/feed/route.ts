import { readLocationsFeed } from "@/lib/fleet-api/endpoints/locations";
import { LIST_PARAMS, vehiclesQuerySchema } from "@/lib/fleet-api/queries";
import { withFleetApi } from "@/lib/fleet-api/with-fleet-api";
import { parseQuery } from "@/lib/http";

export const GET = withFleetApi(
  ({ request, db, tenant, version }) => readLocationsFeed({ db, tenant, version, query: parseQuery(request, vehiclesQuerySchema, LIST_PARAMS) }),
  { scope: "vehicles:read" },
);
