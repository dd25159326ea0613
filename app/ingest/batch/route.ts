import { ingestBatchEndpoint } from "@/lib/ingestion/endpoints";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { POST } = route(ingestBatchEndpoint);
