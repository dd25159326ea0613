import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "@/lib/errors";

/** Samsara's "Notification (Email, Text, Samsara Fleet Push)" action type. */
export const NOTIFICATION_ACTION_TYPE_ID = 1;

/** A recipient as Samsara's SDK sends it (RecipientObjectRequestBody): a user, a contact or a role. */
export const recipientSchema = z
  .object({
    type: z.enum(["user", "contact", "role"]),
    userId: z.string().regex(/^\d{1,9}$/, "a numeric user id").optional(),
    contactId: z.string().min(1).max(64).optional(),
    roleId: z.string().min(1).max(64).optional(),
    notificationTypes: z.array(z.enum(["push", "sms", "email"])).max(3).optional(),
  })
  .loose()
  .refine((recipient) => recipient[`${recipient.type}Id`] !== undefined, { message: "set the id its type names (userId, contactId or roleId)" });

/** A stored action's recipients that parse (rules stored before recipients were checked may hold anything). */
const recipientsOf = (action: unknown) => {
  const { actionTypeId, actionParams } = (action ?? {}) as { actionTypeId?: unknown; actionParams?: { recipients?: unknown } };
  const listed = actionTypeId === NOTIFICATION_ACTION_TYPE_ID && Array.isArray(actionParams?.recipients) ? actionParams.recipients : [];
  return listed.map((recipient) => recipientSchema.safeParse(recipient).data);
};

/** The users a rule's notification actions e-mail (no `notificationTypes`: every kind, e-mail too), with where each is named. */
const emailedUsers = (actions: readonly unknown[]) =>
  actions.flatMap((action, actionIndex) =>
    recipientsOf(action).flatMap((recipient, index) =>
      recipient?.type === "user" && recipient.userId && (!recipient.notificationTypes || recipient.notificationTypes.includes("email"))
        ? [{ userId: Number(recipient.userId), field: `actions.${actionIndex}.actionParams.recipients.${index}.userId` }]
        : [],
    ),
  );

/** The notification action that e-mails `userIds` (the rules form's "E-mail these users"). */
export const emailUsersAction = (userIds: readonly number[]) => ({
  actionTypeId: NOTIFICATION_ACTION_TYPE_ID,
  actionParams: { recipients: userIds.map((id) => ({ type: "user" as const, userId: String(id), notificationTypes: ["email" as const] })) },
});

/** 404 naming the field when an action names a user who is not the company's. */
export const assertRecipientUsers = async ({ db, companyId, actions }: { db: Executor; companyId: number; actions: readonly unknown[] }) => {
  const named = emailedUsers(actions);
  if (named.length === 0) return;
  const found = new Set((await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), inArray(users.id, [...new Set(named.map((user) => user.userId))])))).map((row) => row.id));
  const missing = named.find((user) => !found.has(user.userId));
  if (missing) throw new AppError("not_found", `${missing.field}: no user with id ${missing.userId}.`);
};

/** The addresses an incident of a rule with `actions` is mailed to: its users who are still active. */
export const findRecipientAddresses = async ({ db, companyId, actions }: { db: Executor; companyId: number; actions: readonly unknown[] }) => {
  const userIds = [...new Set(emailedUsers(actions).map((user) => user.userId))];
  if (userIds.length === 0) return [];
  const rows = await db.select({ email: users.email }).from(users).where(and(eq(users.companyId, companyId), eq(users.status, "active"), inArray(users.id, userIds)));
  return rows.map((row) => row.email);
};

/** The user ids a rule e-mails (the rules page lists them). */
export const emailedUserIds = (actions: readonly unknown[]) => [...new Set(emailedUsers(actions).map((user) => user.userId))];
