import { listHosClocksPage } from "@/lib/fleet-api/endpoints/hos";
import { hosClocksQuerySchema, LIST_PARAMS } from "@/lib/fleet-api/queries";
import { withFleetApi } from "@/lib/fleet-api/with-fleet-api";
import { parseQuery } from "@/lib/http";

export const GET = withFleetApi(
  ({ request, db, tenant, version }) => listHosClocksPage({ db, tenant, version, query: parseQuery(request, hosClocksQuerySchema, LIST_PARAMS) }),
  { scope: "hos:read" },
);
