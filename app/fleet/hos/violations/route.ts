import { listHosViolationsPage } from "@/lib/fleet-api/endpoints/hos";
import { hosViolationsQuerySchema, LIST_PARAMS } from "@/lib/fleet-api/queries";
import { withFleetApi } from "@/lib/fleet-api/with-fleet-api";
import { parseQuery } from "@/lib/http";

export const GET = withFleetApi(
  ({ request, db, tenant, version }) => listHosViolationsPage({ db, tenant, version, query: parseQuery(request, hosViolationsQuerySchema, LIST_PARAMS) }),
  { scope: "hos:read" },
);
