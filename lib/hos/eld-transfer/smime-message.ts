import forge from "node-forge";
import MimeNode from "nodemailer/lib/mime-node";
import type { ProviderKeys } from "./transfer-settings";

export type SmimeMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  attachment: { fileName: string; content: string; contentType: string };
  signer: ProviderKeys;
  /** The recipient's certificate (PEM): only its private key opens the message. */
  recipientCert: string;
};

// S/MIME signs and encrypts exact bytes: every part is built with CRLF line ends.
const mime = { newline: "win" } as const;
const toBinary = (bytes: Buffer) => forge.util.createBuffer(bytes.toString("binary"));
const der = (message: { toAsn1(): forge.asn1.Asn1 }) => Buffer.from(forge.asn1.toDer(message.toAsn1()).getBytes(), "binary");

const buildEntity = (mail: SmimeMail) => {
  const entity = new MimeNode("multipart/mixed", mime);
  entity.createChild("text/plain; charset=utf-8", mime).setContent(mail.text);
  // base64 keeps the file's bytes (CRLF line ends, lines past 76 characters) exactly as they were checked.
  entity
    .createChild(mail.attachment.contentType, { ...mime, filename: mail.attachment.fileName })
    .setHeader("Content-Transfer-Encoding", "base64")
    .setContent(mail.attachment.content);
  return entity.build();
};

/** RFC 8551 3.5.3: the entity and a detached SHA-256 signature by the sender's certificate. */
const sign = (entity: Buffer, signer: ProviderKeys) => {
  const certificate = forge.pki.certificateFromPem(signer.cert);
  const signed = forge.pkcs7.createSignedData();
  signed.content = toBinary(entity);
  signed.addCertificate(certificate);
  signed.addSigner({
    key: forge.pki.privateKeyFromPem(signer.key),
    certificate,
    digestAlgorithm: forge.pki.oids.sha256,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest },
      { type: forge.pki.oids.signingTime, value: new Date() as unknown as string },
    ],
  });
  signed.sign({ detached: true });
  const multipart = new MimeNode('multipart/signed; protocol="application/pkcs7-signature"; micalg=sha-256', mime);
  multipart.createChild("text/plain", mime).setRaw(entity);
  multipart.createChild("application/pkcs7-signature", { ...mime, filename: "smime.p7s" }).setContent(der(signed));
  return multipart;
};

/**
 * A mail signed with the sender's key and then encrypted (AES-256) to the recipient's certificate, as
 * FMCSA's ELD e-mail transfer requires (4.10.1.2): the raw message, headers included, for sendRawMail.
 */
export const buildSmimeMail = async (mail: SmimeMail): Promise<Buffer> => {
  const signed = await sign(await buildEntity(mail), mail.signer).build();
  const envelope = forge.pkcs7.createEnvelopedData();
  envelope.addRecipient(forge.pki.certificateFromPem(mail.recipientCert));
  envelope.content = toBinary(signed);
  envelope.encrypt(undefined, forge.pki.oids["aes256-CBC"]);
  const message = new MimeNode("application/pkcs7-mime; smime-type=enveloped-data", { ...mime, filename: "smime.p7m" });
  message.setHeader({ From: mail.from, To: mail.to, Subject: mail.subject });
  message.setContent(der(envelope));
  return message.build();
};
