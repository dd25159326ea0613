import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Database } from "@/db/client";
import { cameraSecrets } from "@/db/schema";
import { recordAuditEvent, revokeOnce, type AuditActor } from "@/lib/platform/audit";
import { randomBase62 } from "@/lib/platform/crypto";
import { AppError, fromZodError } from "@/lib/platform/errors";

const SECRET_LENGTH = 48;
const VISIBLE_START = 6;
/** How long a rotated-out secret keeps verifying when the admin does not say. */
export const DEFAULT_OVERLAP_HOURS = 24;
export const MAX_OVERLAP_HOURS = 168;

export const overlapHoursSchema = z.coerce
  .number()
  .int("Whole hours.")
  .min(0, "At least 0 hours.")
  .max(MAX_OVERLAP_HOURS, `At most ${MAX_OVERLAP_HOURS} hours (a week).`);

/** A camera secret as the page lists it: its id (for X-Camera-Secret-Id), first characters and lifetime. */
export type CameraSecretRecord = { id: number; start: string; createdAt: Date; expiresAt: Date | null; revokedAt: Date | null };

const recordColumns = {
  id: cameraSecrets.id,
  secret: cameraSecrets.secret,
  createdAt: cameraSecrets.createdAt,
  expiresAt: cameraSecrets.expiresAt,
  revokedAt: cameraSecrets.revokedAt,
};
const toRecord = ({ secret, ...row }: { id: number; secret: string; createdAt: Date; expiresAt: Date | null; revokedAt: Date | null }): CameraSecretRecord => ({
  ...row,
  start: `${secret.slice(0, VISIBLE_START)}…`,
});

/** The company's camera secrets, newest first: the current one, any still in their overlap window, and past ones. */
export const listCameraSecrets = async ({ db = getDb(), companyId }: { db?: Database; companyId: number }): Promise<CameraSecretRecord[]> =>
  (
    await db
      .select(recordColumns)
      .from(cameraSecrets)
      .where(eq(cameraSecrets.companyId, companyId))
      .orderBy(desc(cameraSecrets.createdAt), desc(cameraSecrets.id))
      .limit(50)
  ).map(toRecord);

/**
 * Makes a new camera secret and gives every secret still verifying `overlapHours` more (never more
 * than it had): during that window the platform may sign with either, then only the new one works.
 * 0 hours ends the old ones at once. The new secret is returned this once. Audited as
 * `camera_secret.rotated` (or `.created` when there was none).
 */
export const rotateCameraSecret = async ({
  db = getDb(),
  companyId,
  overlapHours = DEFAULT_OVERLAP_HOURS,
  actor,
}: {
  db?: Database;
  companyId: number;
  overlapHours?: number;
  actor: AuditActor;
}) => {
  const hours = overlapHoursSchema.safeParse(overlapHours);
  if (!hours.success) throw fromZodError(hours.error, "overlapHours");
  const secret = randomBase62(SECRET_LENGTH);
  return db.transaction(async (tx) => {
    const windowEnd = sql`now() + make_interval(hours => ${hours.data}::int)`;
    const retired = await tx
      .update(cameraSecrets)
      .set({ expiresAt: sql`least(coalesce(${cameraSecrets.expiresAt}, 'infinity'::timestamptz), ${windowEnd})` })
      .where(
        and(
          eq(cameraSecrets.companyId, companyId),
          isNull(cameraSecrets.revokedAt),
          or(isNull(cameraSecrets.expiresAt), gt(cameraSecrets.expiresAt, sql`now()`)),
        ),
      )
      .returning({ id: cameraSecrets.id, expiresAt: cameraSecrets.expiresAt });
    const [created] = await tx.insert(cameraSecrets).values({ companyId, secret }).returning(recordColumns);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: retired.length > 0 ? "camera_secret.rotated" : "camera_secret.created",
      target: { type: "camera_secret", id: created.id },
      changes: {
        overlapHours: { before: null, after: hours.data },
        ...Object.fromEntries(retired.map((old) => [`secret${old.id}ExpiresAt`, { before: null, after: old.expiresAt?.toISOString() ?? null }])),
      },
    });
    return { record: toRecord(created), secret };
  });
};

/** Stops one of the company's camera secrets at once (a leaked secret); 404 for another company's id. */
export const revokeCameraSecret = async ({ db = getDb(), companyId, id, actor }: { db?: Database; companyId: number; id: number; actor: AuditActor }) =>
  toRecord(
    await revokeOnce({
      db,
      companyId,
      actor,
      target: { type: "camera_secret", id },
      revoke: async (tx) =>
        (
          await tx
            .update(cameraSecrets)
            .set({ revokedAt: sql`now()` })
            .where(and(eq(cameraSecrets.companyId, companyId), eq(cameraSecrets.id, id), isNull(cameraSecrets.revokedAt)))
            .returning(recordColumns)
        )[0],
      find: async (tx) =>
        (
          await tx
            .select(recordColumns)
            .from(cameraSecrets)
            .where(and(eq(cameraSecrets.companyId, companyId), eq(cameraSecrets.id, id)))
        )[0],
      notFound: `No camera secret with id ${id}.`,
    }),
  );
