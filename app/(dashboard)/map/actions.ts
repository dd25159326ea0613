"use server";

// Every export of a "use server" module is a public endpoint: the action goes through defineAction,
// which checks the session's role (a refusal is recorded as `live_share.denied`) before sharing a
// vehicle of the user's company.
import { z } from "zod";
import { defineAction } from "@/app/_server/define-action";
import { createLiveShare } from "@/lib/live/shares/manage-live-shares";
import { SHARE_DURATIONS_HOURS } from "@/lib/live/shares/share-durations";
import { liveShareUrl } from "@/lib/live/shares/share-token";

const shareSchema = z.object({
  vehicleId: z.coerce.number().int().positive(),
  hours: z.coerce.number().refine((hours) => (SHARE_DURATIONS_HOURS as readonly number[]).includes(hours), "Choose how long the link works."),
});

/** Creates an expiring public link to one vehicle's live position (audited). */
export const shareLiveLocationAction = defineAction(
  {
    action: "shareLiveLocation",
    denied: { action: "live_share.denied", target: "live_share", id: (raw) => `vehicle ${String((raw as { vehicleId?: unknown } | undefined)?.vehicleId)}` },
    input: shareSchema,
  },
  async ({ input: { vehicleId, hours }, tenant, actor }) => {
    const expiresAt = new Date(Date.now() + hours * 3_600_000);
    const share = await createLiveShare({ ...tenant, actor, input: { name: `Live location (${hours} h)`, vehicleId, expiresAt } });
    return { url: liveShareUrl(share.token), expiresAt: expiresAt.toISOString() };
  },
);
