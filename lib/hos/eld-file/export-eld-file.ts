import type { Database } from "@/db/client";
import { getDriver } from "@/lib/fleet/drivers";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import type { TenantQuery } from "@/lib/platform/tenant";
import { eldText } from "@/lib/hos/eld-record/record-elements";
import { buildEldFile } from "./build-eld-file";
import { eldFileName } from "./eld-file-name";
import { eldFileRange, loadEldFileInput } from "./load-eld-file-input";

export type EldFileExport = { text: string; fileName: string; fileCheck: string; firstDate: string; lastDate: string };

/**
 * A driver's ELD output file, as the driver hands it at roadside (the current day and the previous 7,
 * `start` and `end` absent) or as the carrier asks for it (any days within six months), with the
 * output file comment (7.38: what an inspector gives, 60 characters at most). Each download is in the
 * audit log (`hos_log.eld_file_downloaded`). Another tenant's driver: 404.
 */
export const exportEldFile = async ({
  db,
  companyId,
  dataset,
  driverId,
  start,
  end,
  outputFileComment = "",
  actor,
  now = new Date(),
}: TenantQuery & {
  db: Database;
  driverId: number;
  start?: string;
  end?: string;
  outputFileComment?: string;
  actor: AuditActor;
  now?: Date;
}): Promise<EldFileExport> => {
  const driver = await getDriver({ db, companyId, dataset, driverId });
  const range = eldFileRange({ driver, now, start, end });
  const comment = eldText(outputFileComment, 60);
  const input = await loadEldFileInput({ db, companyId, dataset, driverId, range, now, outputFileComment: comment });
  const { text, fileCheck } = buildEldFile(input);
  const fileName = eldFileName({ lastName: input.driver.lastName, licenseNumber: driver.licenseNumber, createdAt: now, timeZone: driver.timezone });
  await db.transaction((tx) =>
    recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "hos_log.eld_file_downloaded",
      target: { type: "hos_log", id: `${driverId}:${range.firstDate}/${range.lastDate}` },
      changes: { file: { before: null, after: fileName }, comment: { before: null, after: comment } },
    }),
  );
  return { text, fileName, fileCheck, firstDate: range.firstDate, lastDate: range.lastDate };
};
