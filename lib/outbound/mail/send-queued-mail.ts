import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import type { MailAttachment } from "@/db/schema";
import { claimDueRows, dueClause, settleAttempt, startOutboxLoop } from "@/lib/outbound/outbox";
import { sendMail, type MailResult } from "./send-mail";

type ClaimedMail = {
  company_id: number;
  id: number;
  attempts: number;
  created_at: string;
  recipient: string;
  subject: string;
  body: string;
  attachments: MailAttachment[];
};

/** One company's due messages, oldest first, locked for claimDueRows (lib/outbound/outbox). */
const dueMailOfCompany = (tx: Executor, { companyId, now, limit }: { companyId: number; now: Date; limit: number }) =>
  queryRows<ClaimedMail>(
    tx,
    sql`select m.company_id, m.id, m.attempts, m.created_at, m.recipient, m.subject, m.body, m.attachments
        from mail_outbox m where ${dueClause({ alias: "m", companyId, now })}
        order by m.next_attempt_at, m.id limit ${limit}
        for update of m skip locked`,
  );

/** One message through lib/outbound/mail; a refusal or an unreachable server is an error to retry. */
const attempt = async (mail: ClaimedMail): Promise<{ result: MailResult | null; error: string | null }> => {
  try {
    const result = await sendMail({ message: { to: mail.recipient, subject: mail.subject, text: mail.body, attachments: mail.attachments } });
    return { result, error: result.sent ? null : "SMTP_URL is not set" };
  } catch (error) {
    return { result: null, error: error instanceof Error ? error.message : String(error) };
  }
};

const record = async (db: Executor, mail: ClaimedMail, now: Date) => {
  const { result, error } = await attempt(mail);
  const ok = result?.sent === true;
  // Mail switched off since it was queued: no retry will send it.
  const settled = settleAttempt({ ok, attempts: mail.attempts, createdAt: mail.created_at, now, giveUp: result?.sent === false });
  await db.execute(sql`update mail_outbox
    set status = ${settled.outcome === "done" ? "sent" : settled.outcome}, attempts = ${settled.attempts}, last_error = ${error},
        next_attempt_at = ${settled.nextAttemptAt.toISOString()}::timestamptz, sent_at = ${ok ? now.toISOString() : null}::timestamptz
    where company_id = ${mail.company_id} and id = ${mail.id}`);
  return ok;
};

/** Attempts every due message once (in parallel), records each outcome, and says how many were sent. */
export const sendQueuedMail = async ({ db, now = () => new Date(), limit = 100 }: { db: Executor; now?: () => Date; limit?: number }) => {
  const claimed = await claimDueRows({ db, table: "mail_outbox", now: now(), limit, dueOfCompany: dueMailOfCompany });
  const sent = await Promise.all(claimed.map((mail) => record(db, mail, now())));
  return { attempted: sent.length, sent: sent.filter(Boolean).length };
};

/** Background sending in each app instance, as webhook delivery does (lib/outbound/outbox's loop), a pass a second. */
export const startMailSender = ({ db, onError }: { db: Executor; onError: (error: unknown) => void }) =>
  startOutboxLoop({ pass: () => sendQueuedMail({ db }), everyMs: 1_000, onError });
