import { readStatsHistory } from "@/lib/fleet-api/endpoints/stats";
import { LIST_PARAMS, statsHistoryQuerySchema } from "@/lib/fleet-api/queries";
import { withFleetApi } from "@/lib/fleet-api/with-fleet-api";
import { parseQuery } from "@/lib/http";

export const GET = withFleetApi(
  ({ request, db, tenant, version }) => readStatsHistory({ db, tenant, version, query: parseQuery(request, statsHistoryQuerySchema, LIST_PARAMS) }),
  { scope: "vehicles:read" },
);
