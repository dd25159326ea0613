import { z } from "zod";

const counts = z.object({ positions: z.number().int(), stats: z.number().int() });

/** The answer of POST /ingest/batch, sent once the points are committed. */
export const ingestBatchResponseSchema = z
  .object({
    data: z.object({
      accepted: counts.meta({ description: "Points stored by this request." }),
      duplicates: counts.meta({ description: "Points already stored for that vehicle and time (a resend): skipped, not stored twice." }),
    }),
    requestId: z.string(),
  })
  .meta({ id: "IngestBatchResult" });

export type IngestBatchResponse = z.infer<typeof ingestBatchResponseSchema>;
