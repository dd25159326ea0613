import { currentWithTimersEndpoint } from "@/lib/legacy-api/endpoints/assets";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET } = route(currentWithTimersEndpoint);
