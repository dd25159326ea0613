import { z } from "zod";

/**
 * The new-password forms' fields (`password` or `newPassword`, and `confirm`) with the form's other
 * fields: the two copies must match before the server looks at the password (the domain checks its strength).
 */
export const newPasswordSchema = <Field extends string, Shape extends z.ZodRawShape>(field: Field, shape: Shape) =>
  z
    .object({ ...shape, [field]: z.string().default(""), confirm: z.string().default("") } as Shape & Record<Field | "confirm", z.ZodDefault<z.ZodString>>)
    .refine((fields: Record<string, unknown>) => fields[field] === fields.confirm, { path: ["confirm"], message: "The two passwords differ." });
