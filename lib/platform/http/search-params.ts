import type { z } from "zod";
import { AppError, fromZodError } from "@/lib/platform/errors";

/** Keys whose values are lists: accepted repeated (`?a=1&a=2`), comma-separated (`?a=1,2`) or indexed (`?a[0]=1`). */
const INDEXED_KEY = /^(.+)\[(\d*)\]$/;

/**
 * Turns a query string into a plain object for zod: list keys become arrays in every form SDKs
 * send them; other keys keep their single value (a repeated scalar is a 400, not a silent pick).
 */
export const searchParamsToObject = (params: URLSearchParams, listKeys: readonly string[] = []) => {
  const result: Record<string, string | string[]> = {};
  for (const [rawKey, value] of params) {
    const key = rawKey.match(INDEXED_KEY)?.[1] ?? rawKey;
    if (listKeys.includes(key)) {
      const values = value
        .split(",")
        .map((v) => v.trim())
        .filter((v) => v !== "");
      result[key] = [...((result[key] as string[] | undefined) ?? []), ...values];
    } else if (key in result) {
      throw new AppError("bad_request", `Query parameter "${key}" was given more than once.`);
    } else {
      result[key] = value;
    }
  }
  return result;
};

/** Parses the request's query with a zod schema; failures are a 400 naming the parameter. */
export const parseQuery = <S extends z.ZodType>(request: Request, schema: S, listKeys: readonly string[] = []): z.output<S> => {
  const object = searchParamsToObject(new URL(request.url).searchParams, listKeys);
  const parsed = schema.safeParse(object);
  if (!parsed.success) throw fromZodError(parsed.error, "query");
  return parsed.data;
};

/** Parses any value (a JSON body, route params) with a zod schema; failures are a 400 naming the field. */
export const parseWith = <S extends z.ZodType>(schema: S, value: unknown, where = "request body"): z.output<S> => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fromZodError(parsed.error, where);
  return parsed.data;
};
