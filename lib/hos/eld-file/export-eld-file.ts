import type { Database } from "@/db/client";
import { getDriver } from "@/lib/fleet/drivers";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import type { TenantQuery } from "@/lib/platform/tenant";
import { eldText } from "@/lib/hos/eld-record/record-elements";
import { buildEldFile } from "./build-eld-file";
import { eldFileName } from "./eld-file-name";
import { eldFileRange, loadEldFileInput } from "./load-eld-file-input";

export type EldFileExport = {
  text: string;
  fileName: string;
  fileCheck: string;
  firstDate: string;
  lastDate: string;
  /** The output file comment as the file carries it (7.38: 60 characters at most). */
  comment: string;
  /** The carrier's ELD registration id and identifier (7.15, 7.16), which a transfer to FMCSA names. */
  eld: { registrationId: string; identifier: string };
};

type EldFileOptions = TenantQuery & {
  db: Database;
  driverId: number;
  start?: string;
  end?: string;
  outputFileComment?: string;
  now?: Date;
};

/**
 * A driver's ELD output file, as the driver hands it at roadside (the current day and the previous 7,
 * `start` and `end` absent) or as the carrier asks for it (any days within six months), with the
 * output file comment (what an inspector gives). Another tenant's driver: 404.
 */
export const makeEldFile = async ({
  db,
  companyId,
  dataset,
  driverId,
  start,
  end,
  outputFileComment = "",
  now = new Date(),
}: EldFileOptions): Promise<EldFileExport> => {
  const driver = await getDriver({ db, companyId, dataset, driverId });
  const range = eldFileRange({ driver, now, start, end });
  const comment = eldText(outputFileComment, 60);
  const input = await loadEldFileInput({ db, companyId, dataset, driverId, range, now, outputFileComment: comment });
  const { text, fileCheck } = buildEldFile(input);
  const fileName = eldFileName({ lastName: input.driver.lastName, licenseNumber: driver.licenseNumber, createdAt: now, timeZone: driver.timezone });
  const { registrationId, identifier } = input.eld;
  return { text, fileName, fileCheck, firstDate: range.firstDate, lastDate: range.lastDate, comment, eld: { registrationId, identifier } };
};

/** makeEldFile for a download: each one is in the audit log (`hos_log.eld_file_downloaded`). */
export const exportEldFile = async (options: EldFileOptions & { actor: AuditActor }): Promise<EldFileExport> => {
  const file = await makeEldFile(options);
  const { db, companyId, driverId, actor } = options;
  await db.transaction((tx) =>
    recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "hos_log.eld_file_downloaded",
      target: { type: "hos_log", id: `${driverId}:${file.firstDate}/${file.lastDate}` },
      changes: { file: { before: null, after: file.fileName }, comment: { before: null, after: file.comment } },
    }),
  );
  return file;
};
