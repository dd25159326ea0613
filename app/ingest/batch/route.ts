import { getDb } from "@/db/client";
import { authenticateIngestToken, ingestDeviceBatch, MAX_BATCH_BYTES, type IngestBatchResponse } from "@/lib/ingest-batch";
import { errorResponse, newRequestId, readJson } from "@/lib/http";

/** Gateways and devices: a JSON array of points, answered 200 with the counts once committed. */
export const POST = async (request: Request) => {
  const requestId = newRequestId();
  try {
    const db = getDb();
    const tenant = await authenticateIngestToken({ db, request });
    const body: IngestBatchResponse = { data: await ingestDeviceBatch({ db, tenant, body: await readJson(request, MAX_BATCH_BYTES) }), requestId };
    return Response.json(body, { headers: { "X-Request-Id": requestId } });
  } catch (error) {
    return errorResponse(error, requestId);
  }
};
