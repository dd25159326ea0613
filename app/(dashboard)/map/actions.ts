"use server";

// Every export of a "use server" module is a public endpoint: the action checks the session's role
// (a refusal is recorded as `live_share.denied`) before sharing a vehicle of the user's company.
import { z } from "zod";
import { getSessionUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { getDb } from "@/db/client";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { AppError } from "@/lib/errors";
import { newRequestId, toAppError } from "@/lib/http";
import { createLiveShare } from "@/lib/live-shares/manage-live-shares";
import { SHARE_DURATIONS_HOURS } from "@/lib/live-shares/share-durations";
import { liveShareUrl } from "@/lib/live-shares/share-token";

export type ShareLiveLocationResult = { ok: true; url: string; expiresAt: string } | { ok: false; message: string };

const shareSchema = z.object({ vehicleId: z.coerce.number().int().positive(), hours: z.coerce.number().refine((hours) => (SHARE_DURATIONS_HOURS as readonly number[]).includes(hours), "Choose how long the link works.") });

/** Creates an expiring public link to one vehicle's live position (audited). */
export const shareLiveLocationAction = async (input: unknown): Promise<ShareLiveLocationResult> => {
  try {
    const user = await getSessionUser();
    if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
    const parsed = shareSchema.safeParse(input);
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid request." };
    const actor = await sessionActor(user);
    await authorizeAction({ user, action: "shareLiveLocation", actor, denied: { action: "live_share.denied", target: { type: "live_share", id: `vehicle ${parsed.data.vehicleId}` } } });
    const { vehicleId, hours } = parsed.data;
    const expiresAt = new Date(Date.now() + hours * 3_600_000);
    const share = await createLiveShare({ db: getDb(), companyId: user.companyId, dataset: "live", actor, input: { name: `Live location (${hours} h)`, vehicleId, expiresAt } });
    return { ok: true, url: liveShareUrl(share.token), expiresAt: expiresAt.toISOString() };
  } catch (error) {
    return { ok: false, message: toAppError(error, newRequestId()).message };
  }
};
