import { osmandBodyEndpoint, osmandQueryEndpoint } from "@/lib/ingestion/endpoints";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(osmandQueryEndpoint, osmandBodyEndpoint);
