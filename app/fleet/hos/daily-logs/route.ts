import { listHosDailyLogsPage } from "@/lib/fleet-api/endpoints/hos";
import { hosDailyLogsQuerySchema, LIST_PARAMS } from "@/lib/fleet-api/queries";
import { withFleetApi } from "@/lib/fleet-api/with-fleet-api";
import { parseQuery } from "@/lib/http";

export const GET = withFleetApi(
  ({ request, db, tenant, version }) => listHosDailyLogsPage({ db, tenant, version, query: parseQuery(request, hosDailyLogsQuerySchema, LIST_PARAMS) }),
  { scope: "hos:read" },
);
