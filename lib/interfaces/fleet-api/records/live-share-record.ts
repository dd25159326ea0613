import { z } from "zod";
import type { LiveShareRow } from "@/lib/live/shares/manage-live-shares";
import { liveShareUrl, maskedLiveShareUrl } from "@/lib/live/shares/share-token";
import { idSchema, rfc3339, timestampSchema } from "./common";

export const LIVE_SHARE_TYPES = ["assetsLocation"] as const;

export const liveShareSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string().optional(),
    type: z.enum(LIVE_SHARE_TYPES),
    liveSharingUrl: z.string().meta({
      description:
        "The public page: no sign-in, the vehicle's live position only. The working address is returned once, " +
        "by the create call; lists and updates return its start followed by `…` (the token is stored hashed " +
        "and cannot be shown again).",
    }),
    expiresAtTime: timestampSchema.optional().meta({ description: "Absent: the link never expires." }),
    assetsLocationLinkConfig: z.object({ assetId: idSchema.meta({ description: "The shared vehicle." }) }),
  })
  .meta({ id: "LiveSharingLink" });

export type LiveShareRecord = z.output<typeof liveShareSchema>;

/** Samsara's live sharing link object (type `assetsLocation`: one vehicle's position); the working URL only when the token is given (at creation). */
export const presentLiveShare = (row: LiveShareRow & { token?: string }): LiveShareRecord => ({
  id: String(row.id),
  name: row.name,
  ...(row.description ? { description: row.description } : {}),
  type: "assetsLocation",
  liveSharingUrl: row.token ? liveShareUrl(row.token) : maskedLiveShareUrl(row.tokenStart),
  ...(row.expiresAt ? { expiresAtTime: rfc3339(row.expiresAt) } : {}),
  assetsLocationLinkConfig: { assetId: String(row.vehicleId) },
});
