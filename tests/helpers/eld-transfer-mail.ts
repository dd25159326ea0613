import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * What FMCSA does with an ELD transfer e-mail, done by OpenSSL: decrypts it with FMCSA's key, verifies the provider's
 * signature, and returns the signed entity and the output file attached to it (`fileName`).
 */
export const openEldTransferMail = ({ raw, fileName, fmcsaKey, providerCert }: { raw: string; fileName: string; fmcsaKey: string; providerCert: string }) => {
  const folder = mkdtempSync(join(tmpdir(), "eld-mail-"));
  const file = (name: string, text: string) => {
    const path = join(folder, name);
    writeFileSync(path, text, "binary");
    return path;
  };
  try {
    const signed = execFileSync("openssl", ["cms", "-decrypt", "-in", file("mail.eml", raw), "-inkey", file("fmcsa.key", fmcsaKey)]);
    const entity = execFileSync(
      "openssl",
      ["cms", "-verify", "-in", file("signed.eml", signed.toString("binary")), "-CAfile", file("provider.crt", providerCert)],
      {
        stdio: ["pipe", "pipe", "pipe"],
      },
    ).toString();
    const attachment = new RegExp(`filename=${fileName.replace(/\./g, "\\.")}\\r\\n\\r\\n([A-Za-z0-9+/=\\r\\n]+?)\\r\\n--`).exec(entity);
    if (!attachment) throw new Error(`The signed mail has no attachment named ${fileName}.`);
    return { entity, fileText: Buffer.from(attachment[1].replace(/\r\n/g, ""), "base64").toString("utf8") };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};
