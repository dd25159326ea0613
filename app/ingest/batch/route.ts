import { getDb } from "@/db/client";
import { authenticateIngestToken, ingestDeviceBatch, MAX_BATCH_BYTES, type IngestBatchResponse } from "@/lib/ingest-batch";
import { readJson, runRequest } from "@/lib/http";

/** Gateways and devices: a JSON array of points, answered 200 with the counts once committed. */
export const POST = (request: Request) =>
  runRequest(request, async ({ requestId, log }) => {
    const db = getDb();
    const tenant = await authenticateIngestToken({ db, request });
    log.companyId = tenant.companyId;
    const body: IngestBatchResponse = { data: await ingestDeviceBatch({ db, tenant, body: await readJson(request, MAX_BATCH_BYTES) }), requestId };
    return Response.json(body);
  });
