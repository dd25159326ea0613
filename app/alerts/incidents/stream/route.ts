import { streamAlertIncidentsEndpoint } from "@/lib/interfaces/fleet-api/endpoints/alerts";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(streamAlertIncidentsEndpoint);
