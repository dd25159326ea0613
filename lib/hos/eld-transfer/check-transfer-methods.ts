import forge from "node-forge";
import { checkMailServer } from "@/lib/outbound/mail/send-mail";
import { getConfig } from "@/lib/platform/config";
import { eldTransferMethods, emailSettings, webServiceSettings } from "./transfer-settings";
import { ANSWER_TIMEOUT_MS, webServiceClient } from "./submit-by-web-service";

/** One monitoring check of the transfer mechanism (4.6.1.7): passed when every configured method answered. */
export type TransferCheck = { succeeded: boolean; outcome: string; test: boolean };

const webService = async () => {
  const settings = webServiceSettings();
  const client = await webServiceClient(settings);
  const [response] = (await client.PingAsync({}, { timeout: ANSWER_TIMEOUT_MS })) as [{ PingResult?: string }];
  return `FMCSA answered ${JSON.stringify(response?.PingResult ?? "")}`;
};

// FMCSA's mail address has nothing to ping: the check is everything up to it (the keys, FMCSA's certificate, the mail server).
const email = async () => {
  const settings = emailSettings();
  const certificate = forge.pki.certificateFromPem(settings.fmcsaCert);
  forge.pki.privateKeyFromPem(settings.key);
  if (certificate.validity.notAfter < new Date()) throw new Error(`FMCSA's certificate expired on ${certificate.validity.notAfter.toISOString().slice(0, 10)}`);
  if (!(await checkMailServer())) throw new Error("the mail server did not accept the connection");
  return "the keys, FMCSA's certificate and the mail server are usable";
};

const CHECKS = { webService: ["Web service", webService], email: ["E-mail", email] } as const;

/**
 * Checks each telematics method this service is set up for: the web service's Ping, and for e-mail what
 * sending needs. Null when none is set up (there is no transfer mechanism to monitor).
 */
export const checkTransferMethods = async (): Promise<TransferCheck | null> => {
  const configured = eldTransferMethods();
  const methods = (["webService", "email"] as const).filter((method) => configured[method]);
  if (methods.length === 0) return null;
  const results = await Promise.all(
    methods.map(async (method) => {
      const [label, check] = CHECKS[method];
      return check().then(
        (said) => ({ ok: true, text: `${label}: ${said}` }),
        (error: unknown) => ({ ok: false, text: `${label} failed: ${error instanceof Error ? error.message : String(error)}` }),
      );
    }),
  );
  return {
    succeeded: results.every((result) => result.ok),
    outcome: results.map((result) => result.text).join("; "),
    test: getConfig().ELD_TRANSFER_TEST === "on",
  };
};
