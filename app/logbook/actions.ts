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
import { inspectionFormSchema } from "@/lib/dashboard/view/inspection-form";
import { submitDvir } from "@/lib/fleet/inspections";
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
 * 7 days), with the inspector's output file comment; the page saves it (audited as a download).
 */
export const downloadEldFileAction = defineDriverAction(
  { args: formFields, input: z.object({ comment: z.string().trim().max(60, "at most 60 characters").default("") }) },
  async ({ input, tenant, driver, actor }) => {
    const file = await exportEldFile({ ...tenant, driverId: driver.driverId, outputFileComment: input.comment, actor });
    return { fileName: file.fileName, text: file.text, message: `${file.fileName} (${file.firstDate} to ${file.lastDate}) saved.` };
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
