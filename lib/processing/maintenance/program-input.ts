import { z } from "zod";

const interval = (max: number, unit: string) => z.number().positive(`a positive number of ${unit}`).max(max).nullable();

/** A maintenance program as the domain takes it: at least one interval, at least one vehicle or tag. */
export const programInputSchema = z
  .object({
    name: z.string().trim().min(1, "Name the program.").max(100, "At most 100 characters."),
    intervalMeters: interval(1_000_000_000, "meters"),
    intervalEngineHours: interval(100_000, "hours"),
    intervalMonths: z.number().int("whole months").positive("a positive number of months").max(120).nullable(),
    vehicleIds: z.array(z.number().int().positive()).max(10_000),
    tagIds: z.array(z.number().int().positive()).max(1_000),
  })
  .refine((input) => input.intervalMeters !== null || input.intervalEngineHours !== null || input.intervalMonths !== null, {
    message: "Set at least one interval: distance, engine hours or months.",
    path: ["intervalMeters"],
  })
  .refine((input) => input.vehicleIds.length > 0 || input.tagIds.length > 0, { message: "Choose the vehicles or tags it applies to.", path: ["vehicleIds"] });

export type ProgramInput = z.infer<typeof programInputSchema>;
