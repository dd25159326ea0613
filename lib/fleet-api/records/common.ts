import { z } from "zod";

export const timestampSchema = z.iso.datetime().meta({ description: "RFC 3339 UTC timestamp (epoch milliseconds under 2023-06-01)." });
export const idSchema = z.string().meta({ description: "Identifier (a string of digits)." });
export const refSchema = z.object({ id: idSchema, name: z.string() });
export const externalIdsSchema = z.record(z.string(), z.string());

export const rfc3339 = (date: Date) => date.toISOString();
export const ref = (row: { id: number; name: string }) => ({ id: String(row.id), name: row.name });

/** `{ time, value }`, Samsara's shape of one reading. */
export const readingSchema = <T extends z.ZodType>(value: T) => z.object({ time: timestampSchema, value });
