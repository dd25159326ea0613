import { createRequestWrapper } from "@/lib/platform/http";
import type { Tenant } from "@/lib/platform/tenant";
import { authenticateIngestToken } from "./ingest-tokens";

/** The wrapper of gateway ingestion: `Authorization: Bearer <ingest token>` (401 otherwise) names the tenant written to. */
export const withIngestToken = createRequestWrapper<{ tenant: Tenant }>({
  authenticate: async ({ request, db, log }) => {
    const tenant = await authenticateIngestToken({ db, request });
    log.companyId = tenant.companyId;
    return { tenant };
  },
});
