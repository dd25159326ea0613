import { healthCheckEndpoint } from "@/lib/interfaces/legacy-api/endpoints/auth";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(healthCheckEndpoint);
