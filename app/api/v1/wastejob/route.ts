import { listWasteJobsEndpoint } from "@/lib/legacy-api/endpoints/waste-jobs";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET } = route(listWasteJobsEndpoint);
