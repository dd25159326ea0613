import { dashboardRoute } from "@/app/_server/dashboard-route";
import { rangeQuerySchema, vehicleParamsSchema } from "@/lib/dashboard-data/queries";
import { parseQuery, parseWith } from "@/lib/http";

export const dynamic = "force-dynamic";

/** The vehicle's downsampled breadcrumb over `from`..`to` (playback). */
export const GET = dashboardRoute<{ id: string }>(({ request, params, source }) =>
  source.getLocationHistory({ vehicleId: parseWith(vehicleParamsSchema, params, "path").id, range: parseQuery(request, rangeQuerySchema) }),
);
