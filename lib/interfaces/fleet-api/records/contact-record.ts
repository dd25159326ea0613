import { z } from "zod";
import type { ContactRow } from "@/lib/fleet/contacts/manage-contacts";
import { idSchema } from "./common";

export const contactSchema = z
  .object({
    id: idSchema,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().meta({ description: "Where alert incidents are mailed; empty: mailed nothing." }),
    phone: z.string().meta({ description: "Kept for the caller; this service sends no text messages." }),
  })
  .meta({ id: "Contact", description: "Samsara's alert contact: someone who is not a user and whom alert rules notify (recipients of `type: contact`)." });

export const presentContact = ({ id, ...row }: ContactRow): z.output<typeof contactSchema> => ({ id: String(id), ...row });
