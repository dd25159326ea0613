import { ingestDeviceBatch, MAX_BATCH_BYTES, withIngestToken, type IngestBatchResponse } from "@/lib/ingestion/batch";
import { readJson } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

/** Gateways and devices: a JSON array of points, answered 200 with the counts once committed. */
export const POST = withIngestToken(async ({ request, requestId, db, tenant }): Promise<IngestBatchResponse> => ({
  data: await ingestDeviceBatch({ db, tenant, body: await readJson(request, MAX_BATCH_BYTES) }),
  requestId,
}));
