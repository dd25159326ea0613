import { hosDailyLogsEndpoint } from "@/lib/fleet-api/endpoints/hos";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET } = route(hosDailyLogsEndpoint);
