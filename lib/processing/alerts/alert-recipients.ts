import { and, eq, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import { contacts, users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";

/** Samsara's "Notification (Email, Text, Samsara Fleet Push)" action type. */
export const NOTIFICATION_ACTION_TYPE_ID = 1;

/** A recipient as Samsara's SDK sends it (RecipientObjectRequestBody): a user, a contact or a role. */
export const recipientSchema = z
  .object({
    type: z.enum(["user", "contact", "role"]),
    userId: z
      .string()
      .regex(/^\d{1,9}$/, "a numeric user id")
      .optional(),
    contactId: z.string().min(1).max(64).optional(),
    roleId: z.string().min(1).max(64).optional(),
    notificationTypes: z
      .array(z.enum(["push", "sms", "email"]))
      .max(3)
      .optional(),
  })
  .loose()
  .refine((recipient) => recipient[`${recipient.type}Id`] !== undefined, { message: "set the id its type names (userId, contactId or roleId)" });

/** A stored action's recipients that parse (rules stored before recipients were checked may hold anything). */
const recipientsOf = (action: unknown) => {
  const { actionTypeId, actionParams } = (action ?? {}) as { actionTypeId?: unknown; actionParams?: { recipients?: unknown } };
  const listed = actionTypeId === NOTIFICATION_ACTION_TYPE_ID && Array.isArray(actionParams?.recipients) ? actionParams.recipients : [];
  return listed.map((recipient) => recipientSchema.safeParse(recipient).data);
};

type EmailedRecipient = { type: "user" | "contact"; id: number; given: string; field: string };

/**
 * The users and contacts a rule's notification actions e-mail (no `notificationTypes`: every kind,
 * e-mail too), with where each is named. A contact id that is not a number names no contact.
 */
const emailedRecipients = (actions: readonly unknown[]): EmailedRecipient[] =>
  actions.flatMap((action, actionIndex) =>
    recipientsOf(action).flatMap((recipient, index) => {
      if (!recipient || (recipient.type !== "user" && recipient.type !== "contact")) return [];
      if (recipient.notificationTypes && !recipient.notificationTypes.includes("email")) return [];
      const key = recipient.type === "user" ? "userId" : "contactId";
      const given = recipient[key] ?? "";
      const id = /^\d{1,9}$/.test(given) ? Number(given) : 0;
      return [{ type: recipient.type, id, given, field: `actions.${actionIndex}.actionParams.recipients.${index}.${key}` }];
    }),
  );

const idsOf = (recipients: readonly EmailedRecipient[], type: EmailedRecipient["type"]) => [
  ...new Set(recipients.filter((recipient) => recipient.type === type).map((recipient) => recipient.id)),
];

/** The notification action that e-mails `userIds` (the rules form's "E-mail these users"). */
export const emailUsersAction = (userIds: readonly number[]) => ({
  actionTypeId: NOTIFICATION_ACTION_TYPE_ID,
  actionParams: { recipients: userIds.map((id) => ({ type: "user" as const, userId: String(id), notificationTypes: ["email" as const] })) },
});

/** 404 naming the field when an action names a user who is not the company's, or a contact the tenant does not have. */
export const assertRecipients = async ({ db, companyId, dataset, actions }: TenantQuery & { actions: readonly unknown[] }) => {
  const named = emailedRecipients(actions);
  if (named.length === 0) return;
  const userIds = idsOf(named, "user");
  const contactIds = idsOf(named, "contact");
  const found = {
    user: new Set(
      userIds.length
        ? (
            await db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.companyId, companyId), inArray(users.id, userIds)))
          ).map((row) => row.id)
        : [],
    ),
    contact: new Set(
      contactIds.length
        ? (
            await db
              .select({ id: contacts.id })
              .from(contacts)
              .where(and(whereTenant(contacts, { companyId, dataset }), inArray(contacts.id, contactIds)))
          ).map((row) => row.id)
        : [],
    ),
  };
  const missing = named.find((recipient) => !found[recipient.type].has(recipient.id));
  if (missing) throw new AppError("not_found", `${missing.field}: no ${missing.type} with id ${missing.given}.`);
};

/**
 * The addresses an incident of a rule with `actions` is mailed to: its users who are still active
 * and its contacts (of the rule's tenant) that have an address, each address once.
 */
export const findRecipientAddresses = async ({ db, companyId, dataset, actions }: TenantQuery & { actions: readonly unknown[] }) => {
  const named = emailedRecipients(actions);
  const userIds = idsOf(named, "user");
  const contactIds = idsOf(named, "contact");
  const userRows = userIds.length
    ? await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.status, "active"), inArray(users.id, userIds)))
    : [];
  const contactRows = contactIds.length
    ? await db
        .select({ email: contacts.email })
        .from(contacts)
        .where(and(whereTenant(contacts, { companyId, dataset }), inArray(contacts.id, contactIds), ne(contacts.email, "")))
    : [];
  return [...new Set([...userRows, ...contactRows].map((row) => row.email))];
};

/** The user ids a rule e-mails (the rules page lists them). */
export const emailedUserIds = (actions: readonly unknown[]) => idsOf(emailedRecipients(actions), "user");
