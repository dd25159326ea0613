import type { UserLinkPurpose } from "@/db/schema";
import { logger } from "@/lib/platform/logger";
import { sendMail } from "@/lib/outbound/mail/send-mail";

const SUBJECTS: Record<UserLinkPurpose, (company: string) => string> = {
  invite: (company) => `You are invited to ${company} on Fleet Telematics`,
  password_reset: () => "Reset your Fleet Telematics password",
};

const BODIES: Record<UserLinkPurpose, (company: string, url: string) => string> = {
  invite: (company, url) =>
    `You have been invited to ${company}.\n\nOpen this link within 7 days to choose your name and password:\n${url}\n\nThe link works once.`,
  password_reset: (_company, url) =>
    `Someone (hopefully you) asked to reset your password.\n\nOpen this link within an hour to choose a ` +
    `new one:\n${url}\n\nThe link works once. If you did not ask, ignore this message: your password ` +
    `stays as it is.`,
};

/**
 * E-mails an invite or reset link through lib/outbound/mail. False when no SMTP_URL is configured or the
 * server refused the message (logged): the dashboard then shows the link to pass on by hand.
 */
export const mailUserLink = async ({
  to,
  purpose,
  url,
  companyName,
}: {
  to: string;
  purpose: UserLinkPurpose;
  url: string;
  companyName: string;
}): Promise<boolean> => {
  try {
    const result = await sendMail({ message: { to, subject: SUBJECTS[purpose](companyName), text: BODIES[purpose](companyName, url) } });
    return result.sent;
  } catch (error) {
    logger.warn({ err: error, purpose }, "could not send a user link by mail");
    return false;
  }
};
