import { readFileSync } from "node:fs";
import { getConfig } from "@/lib/platform/config";
import { AppError } from "@/lib/platform/errors";

/** The provider's certificate and private key registered with FMCSA (PEM). */
export type ProviderKeys = { cert: string; key: string };
export type WebServiceSettings = ProviderKeys & { wsdl: string; endpoint?: string; ca?: string; test: boolean };
export type EmailSettings = ProviderKeys & { to: string; fmcsaCert: string; test: boolean };

const readPem = (variable: string, path: string) => {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new AppError("unavailable", `The ELD transfer is not usable: ${variable} (${path}) cannot be read.`, { cause: error });
  }
};

/** Which of FMCSA's two telematics methods this service is set up for (the logbook offers only those). */
export const eldTransferMethods = () => {
  const config = getConfig();
  const keys = Boolean(config.ELD_PROVIDER_CERT && config.ELD_PROVIDER_KEY);
  return {
    webService: keys && Boolean(config.ELD_WEB_SERVICE_WSDL),
    email: keys && Boolean(config.ELD_TRANSFER_EMAIL && config.ELD_FMCSA_CERT && config.SMTP_URL),
  };
};

const notSetUp = (method: string) => new AppError("unavailable", `Sending ELD records by ${method} is not set up on this service: download the file instead.`);

const providerKeys = (): ProviderKeys => {
  const { ELD_PROVIDER_CERT, ELD_PROVIDER_KEY } = getConfig();
  return { cert: readPem("ELD_PROVIDER_CERT", ELD_PROVIDER_CERT!), key: readPem("ELD_PROVIDER_KEY", ELD_PROVIDER_KEY!) };
};

export const webServiceSettings = (): WebServiceSettings => {
  if (!eldTransferMethods().webService) throw notSetUp("web service");
  const config = getConfig();
  return {
    ...providerKeys(),
    wsdl: config.ELD_WEB_SERVICE_WSDL!,
    endpoint: config.ELD_WEB_SERVICE_URL,
    ca: config.ELD_WEB_SERVICE_CA ? readPem("ELD_WEB_SERVICE_CA", config.ELD_WEB_SERVICE_CA) : undefined,
    test: config.ELD_TRANSFER_TEST === "on",
  };
};

export const emailSettings = (): EmailSettings => {
  if (!eldTransferMethods().email) throw notSetUp("e-mail");
  const config = getConfig();
  return {
    ...providerKeys(),
    to: config.ELD_TRANSFER_EMAIL!,
    fmcsaCert: readPem("ELD_FMCSA_CERT", config.ELD_FMCSA_CERT!),
    test: config.ELD_TRANSFER_TEST === "on",
  };
};
