import { dashboardRoute } from "@/app/_server/dashboard-route";
import { vehicleParamsSchema } from "@/lib/dashboard-data/queries";
import { parseWith } from "@/lib/http";

export const dynamic = "force-dynamic";

/** The map's vehicle panel: live values, driver, active fault codes, HOS clocks. */
export const GET = dashboardRoute<{ id: string }>(({ params, source }) => source.getVehicleDetails({ vehicleId: parseWith(vehicleParamsSchema, params, "path").id }));
