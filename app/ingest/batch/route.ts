import { getDb } from "@/db/client";
import { authenticateIngestToken, ingestDeviceBatch, MAX_BATCH_BYTES, type IngestBatchResponse } from "@/lib/ingest-batch";
import { errorResponse, logRequest, newRequestId, readJson, type RequestLogFields } from "@/lib/http";

/** Gateways and devices: a JSON array of points, answered 200 with the counts once committed. */
export const POST = async (request: Request) => {
  const requestId = newRequestId();
  const startedAt = performance.now();
  const fields: RequestLogFields = {};
  let response: Response;
  try {
    const db = getDb();
    const tenant = await authenticateIngestToken({ db, request });
    fields.companyId = tenant.companyId;
    const body: IngestBatchResponse = { data: await ingestDeviceBatch({ db, tenant, body: await readJson(request, MAX_BATCH_BYTES) }), requestId };
    response = Response.json(body, { headers: { "X-Request-Id": requestId } });
  } catch (error) {
    response = errorResponse(error, requestId);
  }
  logRequest({ request, requestId, status: response.status, startedAt, fields });
  return response;
};
