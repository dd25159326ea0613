import { dashboardRoute } from "@/app/_server/dashboard-route";

export const dynamic = "force-dynamic";

/** The company's vehicles for the pickers. */
export const GET = dashboardRoute(async ({ source }) => ({ vehicles: await source.listVehicleOptions() }));
