import { AppError } from "@/lib/platform/errors";
import { readBodyText } from "@/lib/platform/http";
import { osmandParamsFromJson, type OsmandParams } from "./osmand";

/** The largest OsmAnd body accepted (a point is a few hundred bytes). */
export const OSMAND_BODY_LIMIT_BYTES = 64_000;

/** The OsmAnd parameters of a request: the query string, plus for POST a form-encoded or JSON body (body values win). */
export const readOsmandParams = async (request: Request): Promise<OsmandParams> => {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  if (request.method !== "POST") return params;
  const body = (await readBodyText(request, OSMAND_BODY_LIMIT_BYTES)).trim();
  if (body === "") return params;
  if (body.startsWith("{")) {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new AppError("bad_request", "Request body is not valid JSON.");
    }
    return { ...params, ...osmandParamsFromJson(json) };
  }
  return { ...params, ...Object.fromEntries(new URLSearchParams(body)) };
};
