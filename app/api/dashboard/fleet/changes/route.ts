import { dashboardRoute } from "@/app/_server/dashboard-route";
import { changesQuerySchema } from "@/lib/dashboard-data/queries";
import { parseQuery } from "@/lib/http";

export const dynamic = "force-dynamic";

/** Latest location and stats of the vehicles that changed since the cursors. */
export const GET = dashboardRoute(({ request, source }) => source.getChanges(parseQuery(request, changesQuerySchema)));
