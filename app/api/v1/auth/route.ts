import { exchangeClientKeyEndpoint } from "@/lib/legacy-api/endpoints/auth";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET } = route(exchangeClientKeyEndpoint);
