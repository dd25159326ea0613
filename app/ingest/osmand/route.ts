import { ingestOsmandPoint } from "@/lib/fleet/devices/osmand";
import { readOsmandParams } from "@/lib/fleet/devices/read-osmand-params";
import { getClientIp, withRequest } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

/** Traccar Client (OsmAnd protocol) location reports: 200 with an empty body once stored. The device id is the credential. */
const handle = withRequest(async ({ request, db }) => {
  await ingestOsmandPoint({ db, params: await readOsmandParams(request), remoteAddress: getClientIp(request) ?? "unknown" });
  return new Response(null, { status: 200 });
});

export const GET = handle;
export const POST = handle;
