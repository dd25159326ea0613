import nodemailer, { type Transporter } from "nodemailer";
import type { MailAttachment } from "@/db/schema";
import { getConfig } from "@/lib/platform/config";

export type MailMessage = {
  to: string | string[];
  subject: string;
  /** The plain-text body; every message has one (some readers show nothing else). */
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

export type MailResult = { sent: true; messageId: string } | { sent: false; reason: "not_configured" };

// One transport per SMTP URL, kept: nodemailer pools its connections inside it.
const transports = new Map<string, Transporter>();

const transportFor = (smtpUrl: string) => {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    // Limits inside the mail outbox's one-minute lease: a hung server fails the attempt before another instance could claim it again.
    transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    transports.set(smtpUrl, transport);
  }
  return transport;
};

/**
 * THE way this service sends mail (invites, password resets, alert incidents, scheduled reports):
 * through SMTP_URL with nodemailer. Without SMTP_URL nothing is sent and the caller is told so, so
 * that flows with a link (invites, resets) can show the link instead.
 */
export const sendMail = async ({ message }: { message: MailMessage }): Promise<MailResult> => {
  const { SMTP_URL, MAIL_FROM } = getConfig();
  if (!SMTP_URL) return { sent: false, reason: "not_configured" };
  const info = await transportFor(SMTP_URL).sendMail({ from: MAIL_FROM, ...message });
  return { sent: true, messageId: info.messageId };
};

/**
 * A message built elsewhere, headers and all (an S/MIME message signs and encrypts exact bytes, so
 * nodemailer must not compose it), sent from MAIL_FROM's address to `to`.
 */
export const sendRawMail = async ({ to, raw }: { to: string; raw: Buffer }): Promise<MailResult> => {
  const { SMTP_URL, MAIL_FROM } = getConfig();
  if (!SMTP_URL) return { sent: false, reason: "not_configured" };
  const info = await transportFor(SMTP_URL).sendMail({ envelope: { from: MAIL_FROM, to }, raw });
  return { sent: true, messageId: info.messageId };
};

/** Whether SMTP_URL's server answers and accepts this service's login (nodemailer's verify: connect, EHLO, AUTH), sending nothing. */
export const checkMailServer = async (): Promise<boolean> => {
  const { SMTP_URL } = getConfig();
  if (!SMTP_URL) return false;
  return transportFor(SMTP_URL).verify();
};
