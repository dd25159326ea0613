import { unreadAlertsEndpoint } from "@/app/_endpoints/dashboard/alerts";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(unreadAlertsEndpoint);
