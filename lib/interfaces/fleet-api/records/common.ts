import { z } from "zod";
import { boundedMemo } from "@/lib/platform/bounded-memo";

export const timestampSchema = z.iso.datetime().meta({ description: "RFC 3339 UTC timestamp (epoch milliseconds under 2023-06-01)." });
export const idSchema = z.string().meta({ description: "Identifier (a string of digits)." });
export const refSchema = z.object({ id: idSchema, name: z.string() });
export const externalIdsSchema = z.record(z.string(), z.string());

/** Samsara's tiny tag, on the records that carry tags. */
export const tagTinySchema = z.object({ id: idSchema, name: z.string(), parentTagId: idSchema.optional() }).meta({ id: "TagTiny" });
export const presentTagTiny = (tag: { id: number; name: string; parentTagId: number | null }) => ({
  id: String(tag.id),
  name: tag.name,
  ...(tag.parentTagId === null ? {} : { parentTagId: String(tag.parentTagId) }),
});

/**
 * Snapshot pages repeat the same instants (a vehicle's state is served many times between updates,
 * and one state's readings share a time), and `toISOString` is a large share of building a page.
 */
const formatInstant = boundedMemo((epochMs: number) => new Date(epochMs).toISOString(), 8192);

export const rfc3339 = (date: Date) => formatInstant(date.getTime());
export const ref = (row: { id: number; name: string }) => ({ id: String(row.id), name: row.name });

/** `{ time, value }`, Samsara's shape of one reading. */
export const readingSchema = <T extends z.ZodType>(value: T) => z.object({ time: timestampSchema, value });
