import { z } from "zod";

const name = z.string().trim().max(100);

/** Samsara's contact body: every field optional (strict: a misspelt field is a 400). An e-mail must be one. */
export const contactInputSchema = z
  .object({
    firstName: name.optional(),
    lastName: name.optional(),
    email: z.union([z.literal(""), z.email({ error: "email must be an e-mail address" }).max(254)]).optional(),
    phone: z
      .string()
      .trim()
      .max(40)
      .regex(/^[+\d\s().-]*$/, "phone may hold digits, spaces, + ( ) . - only")
      .optional(),
  })
  .strict();

export type ContactInput = z.output<typeof contactInputSchema>;
