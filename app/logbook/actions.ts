"use server";

// Each action goes through defineDriverAction: it reads the driver from the session itself (a driver
// acts on their own log only), and a user's session (no driver) is sent to the driver sign-in.
import { z } from "zod";
import { formFields } from "@/app/_server/action-args";
import { defineDriverAction } from "@/app/_server/define-action";
import { AppError } from "@/lib/platform/errors";
import { changeOwnDutyStatus } from "@/lib/hos/logbook/change-own-duty-status";
import { keepDriving } from "@/lib/hos/logbook/stop-prompts";
import { CHOSEN_DUTY_STATUSES } from "@/lib/hos/records/chosen-duty-statuses";
import { CERTIFICATION_STATEMENT } from "@/lib/hos/logbook/certification-statement";
import { certifyLogDay } from "@/lib/hos/logbook/certify-log-day";
import { answerLogEdit } from "@/lib/hos/logbook/log-edits";
import { answerUnassignedDriving } from "@/lib/hos/logbook/unassigned-driving";
import { exportEldFile } from "@/lib/hos/eld-file/export-eld-file";
import { transferEldFile } from "@/lib/hos/eld-transfer";
import { inspectionFormSchema } from "@/lib/dashboard/view/inspection-form";
import { signDvirReview, submitDvir, uploadDefectPhoto } from "@/lib/fleet/inspections";
import { answerProposal } from "@/lib/fleet/assignments";
import { createDriverTrailerAssignment, endDriverTrailerAssignment } from "@/lib/fleet/trailers";

const logbook = { revalidate: ["/logbook"], args: formFields } as const;
const rowId = z.coerce.number().int().positive();
const accepts = z
  .string()
  .optional()
  .transform((answer) => answer === "accept");

export const changeDutyStatusAction = defineDriverAction(
  { ...logbook, input: z.object({ status: z.enum(CHOSEN_DUTY_STATUSES), remark: z.string().trim().max(300, "at most 300 characters").default("") }) },
  async ({ input, tenant, driver, actor }) => {
    await changeOwnDutyStatus({ ...tenant, driverId: driver.driverId, ...input, actor });
    return { message: "Status changed." };
  },
);

/** The driver's answer to the stop prompt (Appendix A 4.4.1.2): still driving. Choosing a status is the other answer. */
export const keepDrivingAction = defineDriverAction({ ...logbook, input: z.object({}) }, async ({ tenant, driver }) => {
  await keepDriving({ ...tenant, driverId: driver.driverId });
  return { message: "You stay Driving." };
});

export const certifyDayAction = defineDriverAction(
  { ...logbook, input: z.object({ agree: z.string().optional(), date: z.string().default("") }) },
  async ({ input: { agree, date }, tenant, driver, actor }) => {
    if (agree !== "on") throw new AppError("bad_request", `Tick “${CERTIFICATION_STATEMENT}” to certify the day.`);
    await certifyLogDay({ ...tenant, driverId: driver.driverId, date, actor });
    return { message: "Day certified." };
  },
);

export const answerDriveAction = defineDriverAction(
  { ...logbook, input: z.object({ segmentId: rowId, answer: accepts }) },
  async ({ input: { segmentId, answer: accept }, tenant, driver, actor }) => {
    await answerUnassignedDriving({ ...tenant, driverId: driver.driverId, segmentId, accept, actor });
    return { message: accept ? "Drive accepted: it is in your log." : "Drive rejected." };
  },
);

/** The driver's answer to the vehicle the carrier proposes (Samsara's carrier-proposed assignments). */
export const answerProposalAction = defineDriverAction(
  { ...logbook, input: z.object({ proposalId: rowId, answer: accepts }) },
  async ({ input: { proposalId, answer: accept }, tenant, driver, actor }) => {
    await answerProposal({ ...tenant, driverId: driver.driverId, proposalId, accept, actor });
    return { message: accept ? "Vehicle accepted: it is assigned to you." : "Proposal rejected." };
  },
);

/** The driver picks a trailer they pull from now (ending its coupling to anyone else), as the API's driver-trailer assignment. */
export const pickTrailerAction = defineDriverAction(
  { ...logbook, input: z.object({ trailerId: rowId }) },
  async ({ input: { trailerId }, tenant, driver, actor }) => {
    await createDriverTrailerAssignment({ ...tenant, driverId: driver.driverId, trailerId, startTime: new Date(), source: "logbook", actor });
    return { message: "Trailer picked: you pull it from now." };
  },
);

/** The driver drops a trailer they pull (only their own assignment): it ends now. */
export const dropTrailerAction = defineDriverAction(
  { ...logbook, input: z.object({ assignmentId: rowId }) },
  async ({ input: { assignmentId }, tenant, driver, actor }) => {
    await endDriverTrailerAssignment({ ...tenant, assignmentId, driverId: driver.driverId, endTime: new Date(), actor });
    return { message: "Trailer dropped." };
  },
);

export const answerLogEditAction = defineDriverAction(
  { ...logbook, input: z.object({ editId: rowId, answer: accepts }) },
  async ({ input: { editId, answer: accept }, tenant, driver, actor }) => {
    await answerLogEdit({ ...tenant, driverId: driver.driverId, editId, accept, actor });
    return { message: accept ? "Edit accepted: your log is changed." : "Edit rejected: your log stays as it was." };
  },
);

/**
 * The driver's ELD output file for an inspector (49 CFR 395 Appendix A 4.9.1: today and the previous
 * 7 days), with the inspector's output file comment: saved on the phone (audited as a download), or
 * sent to FMCSA by its web service or by encrypted e-mail (4.10.1, audited as a transfer).
 */
export const handOverEldFileAction = defineDriverAction(
  {
    args: formFields,
    input: z.object({
      comment: z.string().trim().max(60, "at most 60 characters").default(""),
      method: z.enum(["download", "webService", "email"]).default("download"),
    }),
  },
  async ({ input: { comment, method }, tenant, driver, actor }) => {
    if (method === "download") {
      const file = await exportEldFile({ ...tenant, driverId: driver.driverId, outputFileComment: comment, actor });
      return { fileName: file.fileName, text: file.text, message: `${file.fileName} (${file.firstDate} to ${file.lastDate}) saved.` };
    }
    const sent = await transferEldFile({ ...tenant, driverId: driver.driverId, method, outputFileComment: comment, actor });
    const how = method === "webService" ? "FMCSA's web service" : "e-mail to FMCSA";
    if (!sent.succeeded) throw new AppError("unavailable", `${sent.fileName} was not accepted by ${how}: ${sent.outcome} Try again, or the other way.`);
    return { message: `${sent.fileName} sent by ${how}${sent.test ? " (as a test)" : ""}. ${sent.outcome}` };
  },
);

/**
 * The driver's inspection report (49 CFR 396.11): idempotent on the form's key, so a retry after a
 * lost answer is the same report, answered the same way.
 */
export const submitInspectionAction = defineDriverAction(
  { input: inspectionFormSchema, args: formFields, revalidate: [{ path: "/logbook", type: "layout" }] },
  async ({ input, tenant, driver, actor }) => {
    const report = await submitDvir({ ...tenant, author: { type: "driver", driverId: driver.driverId }, input, actor });
    const open = report.defects.length;
    return { message: `Inspection submitted${open ? ` with ${open} defect${open === 1 ? "" : "s"}` : ""}.` };
  },
);

/**
 * One photo of a defect, sent as soon as the driver takes it (the form shrinks it first, so it fits a
 * server action and a weak connection): kept until the report names it. Answers the photo's id.
 */
export const uploadDefectPhotoAction = defineDriverAction(
  { input: z.object({ photo: z.instanceof(Blob, { message: "choose a photo." }) }), args: (form: FormData) => ({ photo: form.get("photo") }) },
  async ({ input: { photo }, tenant, driver }) => {
    const bytes = new Uint8Array(await photo.arrayBuffer());
    const { id } = await uploadDefectPhoto({ ...tenant, driverId: driver.driverId, bytes });
    return { id };
  },
);

/** The driver's signed review of the vehicle's last report and its defects before driving (49 CFR 396.13(b)). */
export const signInspectionReviewAction = defineDriverAction(
  {
    ...logbook,
    input: z.object({ dvirId: rowId, signatureName: z.string().trim().min(1, "sign by typing your name.").max(100, "at most 100 characters") }),
  },
  async ({ input, tenant, driver, actor }) => {
    await signDvirReview({ ...tenant, dvirId: input.dvirId, driverId: driver.driverId, signatureName: input.signatureName, actor });
    return { message: "Review signed: you may drive the vehicle as its report allows." };
  },
);
