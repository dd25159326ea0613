import type { Executor } from "@/db/client";
import { mailOutbox, type MailAttachment } from "@/db/schema";
import { getConfig } from "@/lib/platform/config";
import type { Tenant } from "@/lib/platform/tenant";

export type QueuedMail = { recipient: string; subject: string; body: string; attachments?: MailAttachment[] };

/** Whether queueMail queues anything (mail is set up): callers skip composing mail otherwise. */
export const isMailQueued = () => Boolean(getConfig().SMTP_URL);

/**
 * Queues messages in the caller's transaction (the mail exists exactly when what caused it does);
 * lib/outbound/mail/send-queued-mail.ts sends them after commit. Without SMTP_URL nothing is queued: mail
 * that cannot be sent now would be stale by the time mail is set up. Returns how many were queued.
 */
export const queueMail = async ({
  db,
  companyId,
  dataset,
  kind,
  messages,
}: Tenant & { db: Executor; kind: "incident" | "report"; messages: readonly QueuedMail[] }) => {
  if (!isMailQueued() || messages.length === 0) return 0;
  await db.insert(mailOutbox).values(messages.map((message) => ({ companyId, dataset, kind, ...message, attachments: message.attachments ?? [] })));
  return messages.length;
};
