import { dashboardRoute } from "@/app/_server/dashboard-route";
import { rangeQuerySchema, vehicleParamsSchema } from "@/lib/dashboard-data/queries";
import { parseQuery, parseWith } from "@/lib/http";

export const dynamic = "force-dynamic";

/** The vehicle's downsampled stats series and the fault codes seen over `from`..`to`. */
export const GET = dashboardRoute<{ id: string }>(({ request, params, source }) =>
  source.getStatsHistory({ vehicleId: parseWith(vehicleParamsSchema, params, "path").id, range: parseQuery(request, rangeQuerySchema) }),
);
