import { assetStateByVinEndpoint } from "@/lib/interfaces/legacy-api/endpoints/assets";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(assetStateByVinEndpoint);
