import { z } from "zod";
import { getDb } from "@/db/client";
import { countUnreadIncidents, listInboxIncidents } from "@/lib/processing/alerts/list-incidents";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { getClientIp } from "@/lib/platform/http";
import { openLiveStream } from "@/lib/live/stream/open-live-stream";
import { SERVER_SENT_EVENTS_HEADERS } from "@/lib/live/stream/server-sent-events";
import { openHeldStream } from "@/lib/live/stream/stream-slots";
import { defineDashboardEndpoint } from "./define-dashboard-endpoint";

const ALERT_INBOX = { roles: SECTIONS.alertInbox.roles, action: "see alerts" };

/** This service's own incidents: the dashboard reads its database. */
export const alertInboxEndpoint = defineDashboardEndpoint({
  method: "GET",
  path: "/api/dashboard/alerts/incidents",
  summary: "The alerts inbox, newest first",
  query: z.object({ filter: z.enum(["open", "closed", "unread", "all"]).default("all") }),
  ...ALERT_INBOX,
  run: async ({ user, query: { filter } }) => ({
    incidents: await listInboxIncidents({ db: getDb(), companyId: user.companyId, dataset: "live", filter, limit: 200 }),
  }),
});

/** Nothing to read: the stream only forwards the company's `incident` events as they are published. */
const readNothing = async () => null;

/**
 * Whenever an incident of the company opens or closes (any instance): the header's badge and the
 * inbox refetch on each instead of polling. Counts against the same per-user and per-address stream
 * caps as the map's stream (429).
 */
export const alertStreamEndpoint = defineDashboardEndpoint({
  method: "GET",
  path: "/api/dashboard/alerts/stream",
  summary: "Server-sent `incident` events",
  ...ALERT_INBOX,
  run: async ({ request, user }) => {
    const stream = await openHeldStream({ kind: "user", userId: user.id, address: getClientIp(request) }, (onClose) =>
      openLiveStream({
        tenant: { companyId: user.companyId, dataset: "live" },
        afterSeq: 0,
        read: readNothing,
        events: { incident: "forward" },
        signal: request.signal,
        onClose,
      }),
    );
    return new Response(stream, { headers: SERVER_SENT_EVENTS_HEADERS });
  },
});

export const unreadAlertsEndpoint = defineDashboardEndpoint({
  method: "GET",
  path: "/api/dashboard/alerts/unread",
  summary: "The header's badge: incidents nobody has marked read",
  ...ALERT_INBOX,
  run: async ({ user }) => ({ unread: await countUnreadIncidents({ db: getDb(), companyId: user.companyId, dataset: "live" }) }),
});
