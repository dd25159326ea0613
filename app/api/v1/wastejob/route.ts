import { listWasteJobsEndpoint } from "@/lib/interfaces/legacy-api/endpoints/waste-jobs";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(listWasteJobsEndpoint);
