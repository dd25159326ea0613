"use server";

// Programs and services are run by those who certify repairs (the role policy's manageMaintenance); a
// dispatcher's crafted post is refused and recorded as `maintenance_program.denied`.
import { redirect } from "next/navigation";
import { z } from "zod";
import { asFormPost, defineAction } from "@/app/_server/define-action";
import { fieldsOf } from "@/app/_server/action-results";
import { createProgram, deleteProgram, programInputSchema, recordService, updateProgram } from "@/lib/processing/maintenance";
import { METERS_PER_UNIT, toDistanceUnit } from "@/lib/platform/units";

const PAGE = "/maintenance";

const manage = (id: (raw: unknown) => unknown) =>
  ({
    action: "manageMaintenance",
    denied: { action: "maintenance_program.denied", target: "maintenance_program", id },
    redirects: { signedOut: "/login", forbidden: "/forbidden" },
    revalidate: [{ path: PAGE, type: "layout" }],
  }) as const;

const optionalNumber = z
  .string()
  .trim()
  .transform((text) => (text === "" ? null : Number(text)))
  .pipe(z.number("a number").nullable());

/** The program form: intervals as typed (distance in the company's unit), vehicles and tags chosen. */
const programForm = z
  .object({
    programId: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number)
      .optional(),
    name: z.string(),
    unit: z.string().transform(toDistanceUnit),
    intervalDistance: optionalNumber,
    intervalEngineHours: optionalNumber,
    intervalMonths: optionalNumber,
    vehicleIds: z.array(
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ),
    tagIds: z.array(
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ),
  })
  .transform(({ unit, intervalDistance, ...fields }) => ({
    ...fields,
    intervalMeters: intervalDistance === null ? null : intervalDistance * METERS_PER_UNIT[unit],
  }))
  .pipe(programInputSchema.and(z.object({ programId: z.number().optional() })));

const programArgs = (_previous: unknown, form: FormData) => ({
  ...fieldsOf(form),
  vehicleIds: form.getAll("vehicleIds").map(String),
  tagIds: form.getAll("tagIds").map(String),
});

/** A new program, or the changes to one (`programId`), from the program form. */
export const saveProgramAction = defineAction(
  {
    ...manage((raw) => (raw as Record<string, string>).programId ?? "new"),
    echo: true,
    input: programForm,
    args: programArgs,
  },
  async ({ input: { programId, ...input }, tenant, actor }) => {
    if (programId === undefined) await createProgram({ ...tenant, input, actor });
    else await updateProgram({ ...tenant, programId, input, actor });
    redirect(`${PAGE}?saved=1`);
  },
);

/** Deletes a program (a bound id). */
export const deleteProgramAction = asFormPost(
  defineAction({ ...manage((raw) => raw), input: z.number().int().positive() }, async ({ input: programId, tenant, actor }) => {
    await deleteProgram({ ...tenant, programId, actor });
    redirect(`${PAGE}?deleted=1`);
  }),
);

/** Records a service of one vehicle on one program now, at its latest readings (bound ids). */
export const recordServiceAction = asFormPost(
  defineAction(
    {
      ...manage((raw) => (raw as { programId?: unknown } | undefined)?.programId),
      input: z.object({ programId: z.number().int().positive(), vehicleId: z.number().int().positive() }),
      args: (programId: number, vehicleId: number) => ({ programId, vehicleId }),
    },
    async ({ input, tenant, actor }) => {
      await recordService({ ...tenant, ...input, actor });
      redirect(`${PAGE}?serviced=1`);
    },
  ),
);
