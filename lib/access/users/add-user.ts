import { eq } from "drizzle-orm";
import { getDb, type Executor } from "@/db/client";
import { companies, users } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { hashPassword } from "@/lib/platform/credentials/password";
import { findUserIdByEmail } from "@/lib/access/companies/find-user";
import { AppError, fromZodError } from "@/lib/platform/errors";
import { inviteUserSchema, passwordSchema } from "./user-input";
import { issueUserLink } from "./user-links";
import { mailUserLink } from "./user-mail";
import { USER_COLUMNS, type UserRow } from "./user-record";

type AddUserOptions = {
  db?: Executor;
  companyId: number;
  /** `{ email, role, name? }`, validated here (400 naming the field). */
  input: unknown;
  /** Set: the user is created active with this password (`user.created`); absent: invited by link (`user.invited`). */
  password?: string;
  actor: AuditActor;
};

export type AddedUser = { user: UserRow; invite: { url: string; expiresAt: Date; mailed: boolean } | null };

/**
 * Adds a user to the company with a role. Without a password the user is `invited`: a one-time
 * link (7 days) is issued, e-mailed when SMTP_URL is set, and returned so the dashboard can show it
 * once. 409 when the e-mail already signs in (e-mails are unique across the service).
 */
export const addUser = async ({ db = getDb(), companyId, input, password, actor }: AddUserOptions): Promise<AddedUser> => {
  const parsed = inviteUserSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error, "user");
  const checkedPassword = password === undefined ? undefined : passwordSchema.safeParse(password);
  if (checkedPassword && !checkedPassword.success) throw fromZodError(checkedPassword.error, "password");
  const { email, role } = parsed.data;
  const name = parsed.data.name ?? email;
  const passwordHash = checkedPassword ? await hashPassword(checkedPassword.data) : null;

  const { user, invite, companyName } = await db.transaction(async (tx) => {
    if ((await findUserIdByEmail({ db: tx, email })) !== undefined) throw new AppError("conflict", `A user with the e-mail ${email} already exists.`);
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
    if (!company) throw new AppError("not_found", "No such company.");
    const [row] = await tx
      .insert(users)
      .values({ companyId, email, name, role, passwordHash, status: passwordHash ? "active" : "invited" })
      .returning(USER_COLUMNS);
    const link = passwordHash ? null : await issueUserLink({ db: tx, companyId, userId: row.id, purpose: "invite" });
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: passwordHash ? "user.created" : "user.invited",
      target: { type: "user", id: row.id },
      changes: changedFields({ before: null, after: { email, name, role, status: row.status } }),
    });
    return { user: row, invite: link, companyName: company.name };
  });
  if (!invite) return { user, invite: null };
  const mailed = await mailUserLink({ to: email, purpose: "invite", url: invite.url, companyName });
  return { user, invite: { url: invite.url, expiresAt: invite.expiresAt, mailed } };
};

/**
 * A new invite link for a user who has not accepted yet (the old one stops working): for a lost or
 * expired invite. 409 for a user who already signed up.
 */
export const reissueInvite = async ({ db = getDb(), companyId, userId, actor }: { db?: Executor; companyId: number; userId: number; actor: AuditActor }) => {
  const { user, link, companyName } = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...USER_COLUMNS, companyName: companies.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId));
    if (!row || row.companyId !== companyId) throw new AppError("not_found", `No user ${userId}.`);
    if (row.status !== "invited") throw new AppError("conflict", `${row.email} has already accepted the invite: send a password reset instead.`);
    const issued = await issueUserLink({ db: tx, companyId, userId, purpose: "invite" });
    await recordAuditEvent({ db: tx, companyId, actor, action: "user.invited", target: { type: "user", id: userId } });
    return { user: row, link: issued, companyName: row.companyName };
  });
  const mailed = await mailUserLink({ to: user.email, purpose: "invite", url: link.url, companyName });
  return { url: link.url, expiresAt: link.expiresAt, mailed };
};
