import { streamAlertIncidentsEndpoint } from "@/lib/fleet-api/endpoints/alerts";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET } = route(streamAlertIncidentsEndpoint);
