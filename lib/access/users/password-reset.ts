import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "@/db/client";
import { companies, users } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { takeToken } from "@/lib/platform/rate-limit";
import { userEmailSchema } from "./user-input";
import { issueUserLink } from "./user-links";
import { mailUserLink } from "./user-mail";

type ResetTarget = { id: number; companyId: number; email: string; status: string; companyName: string };

const findTarget = async (db: Executor, condition: ReturnType<typeof eq>) => {
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId, email: users.email, status: users.status, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(condition);
  return row as ResetTarget | undefined;
};

const issueReset = async (db: Executor, target: ResetTarget, actor: AuditActor) => {
  const link = await db.transaction(async (tx) => {
    const issued = await issueUserLink({ db: tx, companyId: target.companyId, userId: target.id, purpose: "password_reset" });
    await recordAuditEvent({ db: tx, companyId: target.companyId, actor, action: "user.password_reset_sent", target: { type: "user", id: target.id } });
    return issued;
  });
  const mailed = await mailUserLink({ to: target.email, purpose: "password_reset", url: link.url, companyName: target.companyName });
  return { url: link.url, expiresAt: link.expiresAt, mailed };
};

/**
 * An admin sends one of their users a password-reset link (1 hour, once): e-mailed when SMTP_URL is
 * set, and returned for the dashboard to show once. Only active users (an invited one needs a new invite).
 */
export const sendPasswordReset = async ({
  db = getDb(),
  companyId,
  userId,
  actor,
}: {
  db?: Executor;
  companyId: number;
  userId: number;
  actor: AuditActor;
}) => {
  const target = await findTarget(db, and(eq(users.companyId, companyId), eq(users.id, userId))!);
  if (!target) throw new AppError("not_found", `No user ${userId}.`);
  if (target.status !== "active")
    throw new AppError(
      "conflict",
      `${target.email} is ${target.status}: ${target.status === "invited" ? "send a new invite instead" : "reactivate them first"}.`,
    );
  return issueReset(db, target, actor);
};

// A few requests per address and per account, so the form cannot be used to flood someone's inbox.
const PER_ACCOUNT = { capacity: 3, refillPerSecond: 1 / 600 };
const PER_ADDRESS = { capacity: 10, refillPerSecond: 1 / 60 };

/**
 * "Forgot password" on the sign-in page: mails a reset link to an active user with that e-mail.
 * Answers the same whoever asks (no way to learn who has an account); does nothing without SMTP_URL
 * (the page then says to ask an admin) or past the rate limits.
 */
export const requestPasswordReset = async ({
  db = getDb(),
  email,
  ip,
  mailConfigured,
}: {
  db?: Executor;
  email: string;
  ip: string | null;
  mailConfigured: boolean;
}) => {
  const parsed = userEmailSchema.safeParse(email);
  if (!parsed.success || !mailConfigured) return;
  const limits = await Promise.all([
    takeToken({ db, key: `reset:account:${parsed.data}`, rule: PER_ACCOUNT }),
    takeToken({ db, key: `reset:ip:${ip ?? "unknown"}`, rule: PER_ADDRESS }),
  ]);
  if (limits.some((limit) => !limit.allowed)) return;
  const target = await findTarget(db, eq(users.email, parsed.data));
  if (!target || target.status !== "active") return;
  const actor: AuditActor = { type: "system", id: null, name: "Forgot-password form", ip, requestId: null };
  await issueReset(db, target, actor);
};
