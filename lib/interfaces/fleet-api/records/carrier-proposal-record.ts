import { z } from "zod";
import type { ProposalRow } from "@/lib/fleet/assignments";
import { externalIdsSchema, idSchema, rfc3339, timestampSchema } from "./common";

const tinySchema = z.object({ id: idSchema, name: z.string(), externalIds: externalIdsSchema.optional() });

/** Samsara's CarrierProposedAssignment. */
export const carrierProposalSchema = z
  .object({
    id: idSchema,
    driver: tinySchema,
    vehicle: tinySchema,
    trailers: z.array(z.object({ name: z.string() })).meta({ description: "The trailers named when it was proposed (trailerNames)." }),
    shippingDocs: z.string().optional(),
    activeTime: timestampSchema.meta({ description: "From when the driver's logbook shows it." }),
    firstSeenTime: timestampSchema.optional().meta({ description: "When the driver's logbook first showed it." }),
    acceptedTime: timestampSchema.optional(),
    rejectedTime: timestampSchema.optional(),
  })
  .meta({ id: "CarrierProposedAssignment" });

export type CarrierProposalRecord = z.output<typeof carrierProposalSchema>;

const tiny = (ref: { id: number; name: string; externalIds: Record<string, string> }) => ({
  id: String(ref.id),
  name: ref.name,
  ...(Object.keys(ref.externalIds).length > 0 ? { externalIds: ref.externalIds } : {}),
});

const time = (key: string, value: Date | null) => (value ? { [key]: rfc3339(value) } : {});

export const presentCarrierProposal = (row: ProposalRow): CarrierProposalRecord => ({
  id: String(row.id),
  driver: tiny(row.driver),
  vehicle: tiny(row.vehicle),
  trailers: row.trailerNames.map((name) => ({ name })),
  ...(row.shippingDocs ? { shippingDocs: row.shippingDocs } : {}),
  activeTime: rfc3339(row.activeTime),
  ...time("firstSeenTime", row.firstSeenAt),
  ...time("acceptedTime", row.acceptedAt),
  ...time("rejectedTime", row.rejectedAt),
});
