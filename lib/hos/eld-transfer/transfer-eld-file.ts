import type { Database } from "@/db/client";
import { eldTransfers } from "@/db/schema";
import { makeEldFile } from "@/lib/hos/eld-file";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { logger } from "@/lib/platform/logger";
import type { TenantQuery } from "@/lib/platform/tenant";
import type { EldSubmission, FmcsaAnswer } from "./eld-submission";
import { submitByEmail } from "./submit-by-email";
import { submitByWebService } from "./submit-by-web-service";
import { emailSettings, webServiceSettings } from "./transfer-settings";

export type EldTransferResult = FmcsaAnswer & { method: "webService" | "email"; fileName: string; test: boolean };

const send = (method: EldTransferResult["method"], submission: EldSubmission) => {
  if (method === "webService") {
    const settings = webServiceSettings();
    return { test: settings.test, answer: () => submitByWebService({ settings, submission }) };
  }
  const settings = emailSettings();
  return { test: settings.test, answer: () => submitByEmail({ settings, submission }) };
};

/**
 * 4.9.1 telematics transfer: the driver's roadside file (today and the previous 7 days) sent to FMCSA
 * by its web service or by encrypted e-mail, for the inspector whose code is the output file comment.
 * A transfer that fails (FMCSA unreachable, a refusal) is an answer, not an error: it is recorded
 * (the data transfer diagnostic counts them) and the driver can retry or use the other method.
 */
export const transferEldFile = async ({
  db,
  companyId,
  dataset,
  driverId,
  method,
  outputFileComment = "",
  actor,
  now = new Date(),
}: TenantQuery & {
  db: Database;
  driverId: number;
  method: EldTransferResult["method"];
  outputFileComment?: string;
  actor: AuditActor;
  now?: Date;
}): Promise<EldTransferResult> => {
  const file = await makeEldFile({ db, companyId, dataset, driverId, outputFileComment, now });
  if (!file.eld.registrationId || !file.eld.identifier) {
    throw new AppError("bad_request", "The carrier has no ELD registration id and identifier yet (Company settings): FMCSA refuses records without them.");
  }
  const { test, answer } = send(method, file);
  const result = await answer().catch((error: unknown): FmcsaAnswer => {
    logger.warn({ err: error, method }, "ELD transfer failed");
    return { succeeded: false, reference: "", outcome: `Not sent: ${error instanceof Error ? error.message : String(error)}` };
  });
  await db.transaction(async (tx) => {
    await tx.insert(eldTransfers).values({ companyId, dataset, driverId, method, fileName: file.fileName, outputFileComment: file.comment, test, ...result });
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "hos_log.eld_file_transferred",
      target: { type: "hos_log", id: `${driverId}:${file.firstDate}/${file.lastDate}` },
      changes: { file: { before: null, after: file.fileName }, method: { before: null, after: method }, outcome: { before: null, after: result.outcome } },
    });
  });
  return { ...result, method, fileName: file.fileName, test };
};
