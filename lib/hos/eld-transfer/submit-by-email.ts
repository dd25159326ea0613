import { getConfig } from "@/lib/platform/config";
import { sendRawMail } from "@/lib/outbound/mail/send-mail";
import { AppError } from "@/lib/platform/errors";
import { buildSmimeMail } from "./smime-message";
import type { EmailSettings } from "./transfer-settings";
import type { EldSubmission, FmcsaAnswer } from "./eld-submission";

/**
 * 4.10.1.2: the file attached to a mail to FMCSA's ELD address, signed with the provider's key and
 * encrypted to FMCSA's certificate; the subject routes it, the body is the output file comment.
 * FMCSA answers the sender (MAIL_FROM) by mail, so sending is all this can confirm.
 */
export const submitByEmail = async ({ settings, submission }: { settings: EmailSettings; submission: EldSubmission }): Promise<FmcsaAnswer> => {
  const subject = `${settings.test ? "TEST " : ""}ELD records from ${submission.eld.registrationId}:${submission.eld.identifier}`;
  const raw = await buildSmimeMail({
    from: getConfig().MAIL_FROM,
    to: settings.to,
    subject,
    text: submission.comment,
    attachment: { fileName: submission.fileName, content: submission.text, contentType: "text/csv" },
    signer: settings,
    recipientCert: settings.fmcsaCert,
  });
  const sent = await sendRawMail({ to: settings.to, raw });
  if (!sent.sent) throw new AppError("unavailable", "Mail is not set up on this service (SMTP_URL).");
  return { succeeded: true, reference: sent.messageId, outcome: `Sent to ${settings.to}; FMCSA answers ${getConfig().MAIL_FROM} by mail.` };
};
