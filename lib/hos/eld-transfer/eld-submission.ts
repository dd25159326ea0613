import type { EldFileExport } from "@/lib/hos/eld-file";

/** What a transfer sends: the file, its name (4.8.2.2), the inspector's comment, and which ELD made it. */
export type EldSubmission = Pick<EldFileExport, "text" | "fileName" | "comment" | "eld">;

/** What came back: accepted or not, FMCSA's reference (submission id or Message-ID), and its words. */
export type FmcsaAnswer = { succeeded: boolean; reference: string; outcome: string };
