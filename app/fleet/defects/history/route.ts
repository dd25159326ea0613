import { defectHistoryEndpoint } from "@/lib/interfaces/fleet-api/endpoints/maintenance-history";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(defectHistoryEndpoint);
