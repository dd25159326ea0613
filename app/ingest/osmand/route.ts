import { getDb } from "@/db/client";
import { ingestOsmandPoint, osmandParamsFromJson, type OsmandParams } from "@/lib/devices/osmand";
import { AppError } from "@/lib/errors";
import { readBodyText, runRequest } from "@/lib/http";

/** The OsmAnd parameters: the query string, plus for POST a form-encoded or JSON body. */
const readParams = async (request: Request): Promise<OsmandParams> => {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  if (request.method !== "POST") return params;
  const body = (await readBodyText(request, 64_000)).trim();
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

/** Traccar Client (OsmAnd protocol) location reports: 200 with an empty body once stored. */
const handle = (request: Request) =>
  runRequest(request, async () => {
    await ingestOsmandPoint({ db: getDb(), params: await readParams(request) });
    return new Response(null, { status: 200 });
  });

export const GET = handle;
export const POST = handle;
