import { and, eq, isNull } from "drizzle-orm";
import { drivingStopPrompts, type StopPromptAnswer } from "@/db/schema";
import type { TenantQuery } from "@/lib/platform/tenant";

/**
 * Closes the driver's open stop prompt (Appendix A 4.4.1.2; lib/hos/logbook/stop-prompts.ts raises it): they chose a
 * status, or the vehicle moved again. An answered prompt does not switch them to On Duty.
 */
export const answerStopPrompts = ({ db, companyId, dataset, driverId, answer, now }: TenantQuery & { driverId: number; answer: StopPromptAnswer; now: Date }) =>
  db
    .update(drivingStopPrompts)
    .set({ answer, answeredAt: now })
    .where(
      and(
        eq(drivingStopPrompts.companyId, companyId),
        eq(drivingStopPrompts.dataset, dataset),
        eq(drivingStopPrompts.driverId, driverId),
        isNull(drivingStopPrompts.answer),
      ),
    )
    .returning({ id: drivingStopPrompts.id });
