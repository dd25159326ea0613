import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { reloadConfig } from "@/lib/platform/config";
import { startFmcsaTestServices } from "./fmcsa-test-services";

/**
 * The local FMCSA services for a vitest file, started before its tests and stopped after them, with `setUpTransfer`
 * pointing the service's configuration at them (overrides win) until the end of the test.
 */
export const useFmcsaTransfer = () => {
  let services: Awaited<ReturnType<typeof startFmcsaTestServices>>;
  beforeAll(async () => {
    services = await startFmcsaTestServices();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    reloadConfig();
  });
  afterAll(async () => {
    await services?.close();
  });
  return {
    services: () => services,
    setUpTransfer: (overrides: Record<string, string> = {}) => {
      for (const [name, value] of Object.entries({ ...services.env, ...overrides })) vi.stubEnv(name, value);
      reloadConfig();
    },
  };
};
