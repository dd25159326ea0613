import { healthEndpoint } from "@/app/_endpoints/service";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(healthEndpoint);
