import { dashboardRoute } from "@/app/_server/dashboard-route";
import { SECTIONS } from "@/lib/auth/role-policy";
import { AppError } from "@/lib/errors";
import { getClientIp } from "@/lib/http";
import { parseResumeSeq, SERVER_SENT_EVENTS_HEADERS } from "@/lib/live-stream/server-sent-events";
import { openHeldStream } from "@/lib/live-stream/stream-slots";

export const dynamic = "force-dynamic";

/**
 * The company's live changes as server-sent events, from `?after=` (the snapshot's streamSeq) or,
 * on a reconnect, from Last-Event-ID: no gap, no repeat. Open streams are capped per user and per
 * address (429; the map then polls).
 */
export const GET = dashboardRoute(
  async ({ request, source, user }) => {
    if (!source.openChangeStream) throw new AppError("not_found", "The live stream reads this app's own database; with an upstream fleet API the map polls.");
    const afterSeq = parseResumeSeq({ lastEventId: request.headers.get("last-event-id"), after: new URL(request.url).searchParams.get("after") });
    if (afterSeq === null) throw new AppError("bad_request", "after: give the change sequence to start after (the fleet snapshot's streamSeq).");
    const open = source.openChangeStream;
    const stream = await openHeldStream({ kind: "user", userId: user.id, address: getClientIp(request) }, (onClose) => open({ afterSeq, signal: request.signal, onClose }));
    return new Response(stream, { headers: SERVER_SENT_EVENTS_HEADERS });
  },
  { roles: SECTIONS.map.roles, action: "follow the live map" },
);
