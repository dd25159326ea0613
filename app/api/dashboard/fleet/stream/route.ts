import { dashboardRoute } from "@/app/_server/dashboard-route";
import { SECTIONS } from "@/lib/auth/role-policy";
import { AppError } from "@/lib/errors";
import { parseResumeSeq, SERVER_SENT_EVENTS_HEADERS } from "@/lib/live-stream/server-sent-events";

export const dynamic = "force-dynamic";

/**
 * The company's live changes as server-sent events, from `?after=` (the snapshot's streamSeq) or,
 * on a reconnect, from Last-Event-ID: no gap, no repeat.
 */
export const GET = dashboardRoute(
  async ({ request, source }) => {
    if (!source.openChangeStream) throw new AppError("not_found", "The live stream reads this app's own database; with an upstream fleet API the map polls.");
    const afterSeq = parseResumeSeq({ lastEventId: request.headers.get("last-event-id"), after: new URL(request.url).searchParams.get("after") });
    if (afterSeq === null) throw new AppError("bad_request", "after: give the change sequence to start after (the fleet snapshot's streamSeq).");
    return new Response(source.openChangeStream({ afterSeq, signal: request.signal }), { headers: SERVER_SENT_EVENTS_HEADERS });
  },
  { roles: SECTIONS.map.roles, action: "follow the live map" },
);
