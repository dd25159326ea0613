import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import { listen } from "soap";
import { startSmtpSink } from "./smtp-sink";
import { makeTestCertificate, type TestCertificate } from "./test-certificates";

export const FMCSA_TEST_WSDL = fileURLToPath(new URL("./fmcsa-eld-submission.wsdl", import.meta.url));

export type ReceivedSubmission = {
  ELDIdentifier: string;
  ELDRegistrationId: string;
  OutputFileBody: string;
  OutputFileComment: string;
  OutputFilename: string;
  Test: boolean;
  Version: string;
  /** The client certificate's common name the TLS handshake presented. */
  clientName: string;
};

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (_, name: string) =>
    name.startsWith("#x") || name.startsWith("#X")
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : XML_ENTITIES[name],
  );

/**
 * A local stand-in for FMCSA's ELD web service: SOAP 1.2 over TLS that accepts only clients with the
 * provider's certificate, keeps each submission and answers Valid with a submission id (or what
 * `answer` returns).
 */
export const startEldWebService = async ({ server, provider }: { server: TestCertificate; provider: TestCertificate }) => {
  const received: ReceivedSubmission[] = [];
  const requests: string[] = [];
  const https = createServer({ key: server.key, cert: server.cert, ca: provider.cert, requestCert: true, rejectUnauthorized: true });
  const service = {
    ELDSubmissionService: {
      ELDSubmissionPort: {
        Submit: (
          args: { data: Omit<ReceivedSubmission, "clientName"> },
          _callback: unknown,
          _headers: unknown,
          request: { socket: { getPeerCertificate(): { subject?: { CN?: string } } } },
        ) => {
          const body = /<(?:\w+:)?OutputFileBody>([^<]*)</.exec(requests.at(-1) ?? "")?.[1] ?? "";
          received.push({ ...args.data, OutputFileBody: unescapeXml(body), clientName: request.socket.getPeerCertificate().subject?.CN ?? "" });
          return { SubmitResult: { Broadcast: "Local test service", ErrorCount: 0, Status: "Valid", SubmissionId: randomUUID() } };
        },
        Ping: () => ({ PingResult: "OK" }),
      },
    },
  };
  await new Promise<void>((resolve) => https.listen(0, "127.0.0.1", resolve));
  const soap = listen(https, "/ELDSubmissionService.svc", service, readFileSync(FMCSA_TEST_WSDL, "utf8"));
  // node-soap's server drops a text's trailing line end, which the file's check values cover: the file
  // is read from the request's XML as received.
  soap.log = (type: string, data: string) => {
    if (type === "received") requests.push(data);
  };
  const { port } = https.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}/ELDSubmissionService.svc`,
    received,
    close: () => new Promise<void>((resolve) => https.close(() => resolve())),
  };
};

/**
 * A registered ELD provider's set-up (Appendix A 4.10) for the transfer tests and the roadside e2e: FMCSA's, the
 * provider's and the web service's certificates, the local web service and SMTP sink, the PEM files in a temporary
 * folder, and the environment (ELD_*, the mail's) that points the service at them. `close` stops both and removes
 * the folder.
 */
export const startFmcsaTestServices = async () => {
  const fmcsa = makeTestCertificate({ commonName: "FMCSA ELD test" });
  const provider = makeTestCertificate({ commonName: "Test ELD Provider" });
  const tls = makeTestCertificate({ commonName: "127.0.0.1", ip: true });
  const folder = mkdtempSync(join(tmpdir(), "fmcsa-test-"));
  const pem = (name: string, text: string) => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return path;
  };
  const webService = await startEldWebService({ server: tls, provider });
  const mailbox = await startSmtpSink();
  const env = {
    ELD_WEB_SERVICE_WSDL: FMCSA_TEST_WSDL,
    ELD_WEB_SERVICE_URL: webService.url,
    ELD_WEB_SERVICE_CA: pem("server.crt", tls.cert),
    ELD_PROVIDER_CERT: pem("provider.crt", provider.cert),
    ELD_PROVIDER_KEY: pem("provider.key", provider.key),
    ELD_TRANSFER_EMAIL: "eld@fmcsa.test",
    ELD_FMCSA_CERT: pem("fmcsa.crt", fmcsa.cert),
    ELD_TRANSFER_TEST: "on",
    SMTP_URL: mailbox.url,
    MAIL_FROM: "Fleet ELD <eld@fleet.test>",
  };
  return {
    fmcsa,
    provider,
    webService,
    mailbox,
    env,
    close: async () => {
      await Promise.all([webService.close(), mailbox.close()]);
      rmSync(folder, { recursive: true, force: true });
    },
  };
};
