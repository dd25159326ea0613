import { dashboardRoute } from "@/app/_server/dashboard-route";
import { SECTIONS } from "@/lib/auth/role-policy";
import { getClientIp } from "@/lib/http";
import { openLiveStream } from "@/lib/live-stream/open-live-stream";
import { SERVER_SENT_EVENTS_HEADERS } from "@/lib/live-stream/server-sent-events";
import { openHeldStream } from "@/lib/live-stream/stream-slots";

export const dynamic = "force-dynamic";

/** Nothing to read: the stream only forwards the company's `incident` events as they are published. */
const readNothing = async () => null;

/**
 * Server-sent `incident` events whenever an incident of the company opens or closes (any instance):
 * the header's badge and the inbox refetch on each instead of polling. Counts against the same
 * per-user and per-address stream caps as the map's stream (429).
 */
export const GET = dashboardRoute(
  async ({ request, user }) => {
    const stream = await openHeldStream({ kind: "user", userId: user.id, address: getClientIp(request) }, (onClose) =>
      openLiveStream({ tenant: { companyId: user.companyId, dataset: "live" }, afterSeq: 0, read: readNothing, events: { incident: "forward" }, signal: request.signal, onClose }),
    );
    return new Response(stream, { headers: SERVER_SENT_EVENTS_HEADERS });
  },
  { roles: SECTIONS.alertInbox.roles, action: "see alerts" },
);
