import { SamsaraClient, type BaseClientOptions } from "@samsarahq/samsara";
import { expect, inject } from "vitest";
import { type Scope, SCOPES } from "@/lib/access/api-keys/scopes";
import { findMissingRequired } from "./sdk-types";

export const baseUrl = () => inject("sdkBaseUrl");

export const ALL_FLEET_SCOPES: Scope[] = [...SCOPES];

const postJson = async (path: string, body: unknown, token: string) => {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
};

/**
 * An API key minted the way a customer mints one: POST /api/v2/api-keys with the company admin's
 * token (from POST /api/v2/auth/token in the global setup). Demo Fleet, or Other Fleet (Free plan here).
 */
export const mintKey = async ({
  company = "demo",
  scopes = ALL_FLEET_SCOPES,
  environment = "live",
}: {
  company?: "demo" | "other";
  scopes?: Scope[];
  environment?: "live" | "test";
} = {}): Promise<string> => {
  const token = inject("adminTokens")[company];
  const created = await postJson(
    "/api/v2/api-keys",
    { name: `sdk suite ${scopes.length === SCOPES.length ? "all scopes" : scopes.join(" ")}`.slice(0, 100), scopes, environment },
    token,
  );
  return created.key;
};

export type SentRequest = { url: URL; headers: Headers };

/**
 * Samsara's client pointed at our server, changing nothing but the base URL. `sent` records every
 * request the SDK made (through its `fetch` option), to check the parameter forms it uses.
 */
export const createSdkClient = (token: string, options: Omit<BaseClientOptions, "token" | "baseUrl" | "fetch"> = {}) => {
  const sent: SentRequest[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push({ url: new URL(request.url), headers: request.headers });
    return fetch(request);
  };
  const client = new SamsaraClient({ token, baseUrl: baseUrl(), fetch: recordingFetch, ...options });
  return { client, sent };
};

/** Asserts that every field the SDK's type `typeName` marks as required is present, all the way down. */
/** A key with every scope and the fixture's first driver (the one with the HOS log), for the HOS suites. */
export const keyAndFirstDriver = async () => {
  const key = await mintKey();
  const driverId = (await createSdkClient(key).client.drivers.list({ limit: 1 })).data[0].id!;
  return { key, driverId };
};

export const expectSdkShape = (value: unknown, typeName: string) => {
  expect(findMissingRequired(value, typeName)).toEqual([]);
};
