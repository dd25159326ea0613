import { generateKeyPairSync } from "node:crypto";
import forge from "node-forge";

export type TestCertificate = { cert: string; key: string };

/**
 * A self-signed RSA certificate and its key (PEM) for tests of TLS and S/MIME: FMCSA's, a provider's,
 * a server's (`ip` puts 127.0.0.1 in its subject alternative names, so a client can check it).
 */
export const makeTestCertificate = ({ commonName, ip = false }: { commonName: string; ip?: boolean }): TestCertificate => {
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(keys.publicKey.export({ type: "spki", format: "pem" }).toString());
  // A leading 01 keeps the serial a positive INTEGER in its shortest form: "0" + random hex started with 00 once in 256
  // certificates, and OpenSSL refuses such padding ("asn1 encoding routines::illegal padding": a flaky transfer test).
  certificate.serialNumber = "01" + forge.util.bytesToHex(forge.random.getBytesSync(8));
  certificate.validity.notBefore = new Date(Date.now() - 86_400_000);
  certificate.validity.notAfter = new Date(Date.now() + 30 * 86_400_000);
  const name = [{ name: "commonName", value: commonName }];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: "basicConstraints", cA: true },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true, keyCertSign: true },
    ...(ip ? [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }] : []),
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(key), forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(certificate), key };
};
