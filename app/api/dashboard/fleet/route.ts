import { dashboardRoute } from "@/app/_server/dashboard-route";

export const dynamic = "force-dynamic";

/** The company's whole live fleet with latest location and stats, and the cursors to poll changes from. */
export const GET = dashboardRoute(({ source }) => source.getSnapshot());
