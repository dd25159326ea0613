import { hosEldEventsEndpoint } from "@/lib/interfaces/fleet-api/endpoints/hos-eld-events";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(hosEldEventsEndpoint);
