"use server";

// A server action is a public endpoint: it goes through defineAction, which re-checks the role
// (manageHosLogs), and a refused call (a dispatcher's crafted post) is recorded as `hos_log.denied`.
// Times are wall-clock readings on the driver's home-terminal clock, as the log shows them.
import { z } from "zod";
import { fieldsOf } from "@/app/_server/action-results";
import { defineAction } from "@/app/_server/define-action";
import { DUTY_STATUSES, type DutyStatus } from "@/db/schema";
import { getDriver } from "@/lib/fleet/drivers";
import { AppError } from "@/lib/platform/errors";
import { proposeLogEdit } from "@/lib/hos/logbook/log-edits";
import { fromLocalInput } from "@/lib/platform/zoned-time";

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const text = z.string().default("");
const editFormSchema = z.object({
  driverId: z.number(),
  entryId: text,
  status: text,
  startTime: text,
  endTime: text,
  entryStartLocal: text,
  entryStart: text,
  remark: text,
  reason: text,
});
const entryIdOf = (entry: string) => (/^\d{1,9}$/.test(entry) ? Number(entry) : null);

/** The form's readings checked with the messages the form shows (the domain checks the rest). */
const checkReadings = ({ status, startTime, endTime }: z.output<typeof editFormSchema>) => {
  if (!(DUTY_STATUSES as readonly string[]).includes(status)) throw new AppError("bad_request", 'Invalid value for "status": choose a duty status.');
  if (!LOCAL_TIME.test(startTime)) throw new AppError("bad_request", 'Invalid value for "startTime": give a date and time.');
  if (endTime !== "" && !LOCAL_TIME.test(endTime)) throw new AppError("bad_request", 'Invalid value for "endTime": give a date and time, or leave it empty.');
};

export const proposeLogEditAction = defineAction(
  {
    action: "manageHosLogs",
    denied: {
      action: "hos_log.denied",
      target: "hos_log",
      id: (raw) => entryIdOf((raw as { entryId?: string }).entryId ?? "") ?? `${(raw as { driverId: number }).driverId}:new`,
    },
    input: editFormSchema,
    args: (driverId: number, _previous: unknown, form: FormData) => ({ ...fieldsOf(form), driverId }),
  },
  async ({ input, tenant, actor, revalidate }) => {
    const { timezone } = await getDriver({ ...tenant, driverId: input.driverId });
    checkReadings(input);
    const entryId = entryIdOf(input.entryId);
    const untouched = entryId !== null && input.startTime === input.entryStartLocal && !Number.isNaN(Date.parse(input.entryStart));
    const startTime = untouched ? new Date(input.entryStart) : fromLocalInput(input.startTime, timezone);
    const endTime = input.endTime ? fromLocalInput(input.endTime, timezone) : null;
    await proposeLogEdit({
      ...tenant,
      driverId: input.driverId,
      input: { entryId, status: input.status as DutyStatus, startTime, endTime, remark: input.remark, reason: input.reason },
      actor,
    });
    revalidate(`/hos/${input.driverId}`);
    return { message: "Proposed: the driver accepts or rejects it in their logbook." };
  },
);
