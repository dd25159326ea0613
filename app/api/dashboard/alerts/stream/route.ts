import { dashboardRoute } from "@/app/_server/dashboard-route";
import { SECTIONS } from "@/lib/auth/role-policy";
import { openLiveStream } from "@/lib/live-stream/open-live-stream";
import { SERVER_SENT_EVENTS_HEADERS } from "@/lib/live-stream/server-sent-events";

export const dynamic = "force-dynamic";

/** Nothing to read: the stream only forwards the company's `incident` events as they are published. */
const readNothing = async () => null;

/**
 * Server-sent `incident` events whenever an incident of the company opens or closes (any instance):
 * the header's badge and the inbox refetch on each instead of polling.
 */
export const GET = dashboardRoute(
  async ({ request, user }) =>
    new Response(openLiveStream({ tenant: { companyId: user.companyId, dataset: "live" }, afterSeq: 0, read: readNothing, events: { incident: "forward" }, signal: request.signal }), {
      headers: SERVER_SENT_EVENTS_HEADERS,
    }),
  { roles: SECTIONS.alertInbox.roles, action: "see alerts" },
);
