import { sql } from "drizzle-orm";
import { bigserial, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text } from "drizzle-orm/pg-core";
import { createdAt, tenantColumns, utc } from "./columns";

export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** A file a queued mail carries (a scheduled report's CSV): text, kept as is. */
export type MailAttachment = { filename: string; contentType: string; content: string };

/**
 * The mail outbox: one message to one recipient, written in the transaction of what caused it (an
 * incident opening, a scheduled report's period) and sent after commit by lib/outbound/mail/send-queued-mail.ts,
 * retried with backoff until sent or its retry window ends (then `failed`).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).notNull(),
    ...tenantColumns(),
    /** What caused it: `incident` or `report`, for the log. */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default([]),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: utc("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: utc("sent_at"),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

export const REPORT_FREQUENCIES = ["daily", "weekly"] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/**
 * A report mailed every day or week (the previous local day, or Monday-to-Sunday week, in the
 * company's zone) as CSV. `last_period_start` is the first local day of the last period mailed: the
 * job that mails it sets it in the same transaction, under the row's lock, so each period goes once.
 */
export const reportSchedules = pgTable(
  "report_schedules",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    kind: text("kind").notNull(),
    /** Empty: every vehicle (or driver). */
    vehicleIds: integer("vehicle_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    driverIds: integer("driver_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    frequency: text("frequency", { enum: REPORT_FREQUENCIES }).notNull(),
    recipients: text("recipients").array().notNull(),
    lastPeriodStart: date("last_period_start", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
