import { and, asc, desc, eq, isNull, lte } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { drivingStopPrompts } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import type { Tenant, TenantQuery } from "@/lib/platform/tenant";
import { dutyStatusAt } from "./duty-status-at";
import { writeAutomaticEntry } from "./automatic-entry";
import { getDistanceUnit } from "../../fleet/company-units";
import { recordEldEvents } from "../eld-events/record-eld-events";
import { answerStopPrompts } from "../records/answer-stop-prompts";

/** Appendix A 4.4.1.2: the prompt comes after 5 minutes at rest, and the driver has one minute to answer. Not configurable. */
export const STOP_PROMPT_AFTER_MS = 5 * 60_000;
export const STOP_PROMPT_ANSWER_MS = 60_000;

/**
 * The vehicle of a driver in automatic Driving has stood 5 minutes (or its engine went off): the logbook asks them.
 * The minute to answer runs from when the service knew (`now`, never before the 5 minutes are over), so a driver
 * always gets it; without an answer On Duty starts a minute after the 5 minutes, or when the minute ran out if sooner
 * (a backlog of telemetry arriving late is not turned into hours of Driving nobody was asked about).
 */
export const raiseStopPrompt = async ({
  tx,
  tenant,
  driverId,
  vehicleId,
  restedAt,
  position,
  now,
}: {
  tx: Executor;
  tenant: Tenant;
  driverId: number;
  vehicleId: number;
  restedAt: Date;
  position: { latitude: number; longitude: number };
  now: Date;
}) => {
  await answerStopPrompts({ db: tx, ...tenant, driverId, answer: "moved", now });
  const promptedAt = Math.max(now.getTime(), restedAt.getTime());
  const dueAt = promptedAt + STOP_PROMPT_ANSWER_MS;
  await tx.insert(drivingStopPrompts).values({
    ...tenant,
    driverId,
    vehicleId,
    restedAt,
    promptedAt: new Date(promptedAt),
    dueAt: new Date(dueAt),
    switchAt: new Date(Math.min(dueAt, restedAt.getTime() + STOP_PROMPT_AFTER_MS + STOP_PROMPT_ANSWER_MS)),
    latitude: position.latitude,
    longitude: position.longitude,
  });
};

/** The prompt the logbook shows the driver, if one waits for their answer. */
export const findOpenStopPrompt = async ({ db, companyId, dataset, driverId }: TenantQuery & { driverId: number }) => {
  const [prompt] = await db
    .select({ id: drivingStopPrompts.id, restedAt: drivingStopPrompts.restedAt, dueAt: drivingStopPrompts.dueAt, switchAt: drivingStopPrompts.switchAt })
    .from(drivingStopPrompts)
    .where(
      and(
        eq(drivingStopPrompts.companyId, companyId),
        eq(drivingStopPrompts.dataset, dataset),
        eq(drivingStopPrompts.driverId, driverId),
        isNull(drivingStopPrompts.answer),
      ),
    )
    .orderBy(desc(drivingStopPrompts.promptedAt))
    .limit(1);
  return prompt ?? null;
};

/** The driver's "Keep driving": they stay Driving (until they choose a status, or the next stop asks again). */
export const keepDriving = async ({ db, companyId, dataset, driverId, now = new Date() }: TenantQuery & { driverId: number; now?: Date }) => {
  const prompt = await findOpenStopPrompt({ db, companyId, dataset, driverId });
  if (!prompt) throw new AppError("conflict", "Nothing to answer: your vehicle is not stopped in Driving.");
  if (prompt.dueAt < now) throw new AppError("conflict", "The minute to answer has passed: you are On Duty. Choose your status below.");
  await answerStopPrompts({ db, companyId, dataset, driverId, answer: "driving", now });
};

/** One unanswered prompt whose minute has run out, in its own transaction: On Duty from `switchAt` if still Driving. */
const switchPrompt = async ({ db, companyId, dataset, id, now }: { db: Database; companyId: number; dataset: Tenant["dataset"]; id: number; now: Date }) =>
  db.transaction(async (tx) => {
    const [prompt] = await tx
      .select()
      .from(drivingStopPrompts)
      .where(and(eq(drivingStopPrompts.companyId, companyId), eq(drivingStopPrompts.id, id), isNull(drivingStopPrompts.answer)))
      .for("update", { skipLocked: true });
    if (!prompt) return false;
    const tenant = { companyId, dataset };
    const inEffect = await dutyStatusAt({ db: tx, ...tenant, driverId: prompt.driverId, at: now });
    // Still the Driving the stop ended (not a status chosen since, nor a new drive): switched, as the rule says.
    const stillDriving = inEffect?.status === "driving" && inEffect.startTime <= prompt.restedAt;
    if (stillDriving) {
      const drafts = await writeAutomaticEntry({
        tx,
        tenant,
        vehicleId: prompt.vehicleId,
        driverId: prompt.driverId,
        status: "onDuty",
        at: prompt.switchAt,
        position: { latitude: prompt.latitude, longitude: prompt.longitude },
        previousStatus: "driving",
        unit: await getDistanceUnit({ db: tx, companyId }),
      });
      await recordEldEvents({ db: tx, ...tenant, drafts });
    }
    await tx
      .update(drivingStopPrompts)
      .set({ answer: stillDriving ? "timeout" : "status", answeredAt: now })
      .where(and(eq(drivingStopPrompts.companyId, companyId), eq(drivingStopPrompts.id, id)));
    return stillDriving;
  });

/**
 * The background job (every few seconds, once per cluster): every company's prompts left unanswered past their
 * minute switch their driver to On Duty. Returns how many drivers it switched.
 */
export const switchUnansweredStopPrompts = async ({ db, now = new Date() }: { db: Database; now?: Date }) => {
  const due = await db
    .select({ companyId: drivingStopPrompts.companyId, dataset: drivingStopPrompts.dataset, id: drivingStopPrompts.id })
    .from(drivingStopPrompts)
    .where(and(isNull(drivingStopPrompts.answer), lte(drivingStopPrompts.dueAt, now)))
    .orderBy(asc(drivingStopPrompts.dueAt))
    .limit(500);
  let switched = 0;
  for (const prompt of due) if (await switchPrompt({ db, ...prompt, now })) switched += 1;
  return switched;
};
