import { ClientSSLSecurity, createClientAsync } from "soap";
import type { WebServiceSettings } from "./transfer-settings";
import type { EldSubmission, FmcsaAnswer } from "./eld-submission";

type ValidationError = { ErrorType?: string; Message?: string; Detail?: string; Line?: number };
type SubmissionResponse = {
  Status?: string;
  ErrorCount?: number;
  Errors?: { ValidationError?: ValidationError | ValidationError[] } | null;
  Broadcast?: string;
  SubmissionId?: string;
};

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
// FMCSA answers within seconds; a driver at roadside is told after this long rather than waiting on.
export const ANSWER_TIMEOUT_MS = 30_000;

/** A client of FMCSA's web service as its WSDL describes it, over TLS with the provider's certificate (and the CA, if set). */
export const webServiceClient = async (settings: WebServiceSettings) => {
  const tls = { key: Buffer.from(settings.key), cert: Buffer.from(settings.cert), ca: settings.ca ? Buffer.from(settings.ca) : undefined };
  const client = await createClientAsync(settings.wsdl, { forceSoap12Headers: true, wsdl_options: tls, returnFault: true }, settings.endpoint);
  client.setSecurity(new ClientSSLSecurity(tls.key, tls.cert, tls.ca));
  return client;
};

/**
 * 4.10.1.1: the file to FMCSA's ELD web service, SOAP 1.2 over TLS with the provider's registered
 * certificate as the client certificate. Its WSDL (FMCSA's, given at registration) shapes the call.
 */
export const submitByWebService = async ({ settings, submission }: { settings: WebServiceSettings; submission: EldSubmission }): Promise<FmcsaAnswer> => {
  const client = await webServiceClient(settings);
  const [response] = (await client.SubmitAsync(
    {
      // In the order of FMCSA's data contract (WCF's: alphabetical), which its service holds a message to.
      data: {
        ELDIdentifier: submission.eld.identifier,
        ELDRegistrationId: submission.eld.registrationId,
        OutputFileBody: submission.text,
        OutputFileComment: submission.comment,
        OutputFilename: submission.fileName,
        Test: settings.test,
        Version: "V1",
      },
    },
    { timeout: ANSWER_TIMEOUT_MS },
  )) as [{ SubmitResult?: SubmissionResponse }];
  const answer = response?.SubmitResult ?? {};
  const errors = list(answer.Errors?.ValidationError).map((error) =>
    [error.ErrorType, error.Message, error.Detail?.replace(/<[^>]*>/g, ""), error.Line === undefined ? "" : `line ${error.Line}`].filter(Boolean).join(": "),
  );
  const status = answer.Status ?? "no status";
  return {
    succeeded: Boolean(answer.SubmissionId) && status.toLowerCase() !== "error",
    reference: answer.SubmissionId ?? "",
    outcome: [`FMCSA: ${status}`, ...errors, answer.Broadcast ?? ""].filter(Boolean).join("; "),
  };
};
