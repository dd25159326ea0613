import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import { listen } from "soap";
import type { TestCertificate } from "./test-certificates";

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
