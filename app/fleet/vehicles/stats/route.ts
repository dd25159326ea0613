import { listStatsPage } from "@/lib/fleet-api/endpoints/stats";
import { LIST_PARAMS, statsQuerySchema } from "@/lib/fleet-api/queries";
import { withFleetApi } from "@/lib/fleet-api/with-fleet-api";
import { parseQuery } from "@/lib/http";

export const GET = withFleetApi(
  ({ request, db, tenant, version }) => listStatsPage({ db, tenant, version, query: parseQuery(request, statsQuerySchema, LIST_PARAMS) }),
  { scope: "vehicles:read" },
);
