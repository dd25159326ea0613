/** Next.js calls this once per server process before it serves requests. */
export const register = async () => {
  // NEXT_RUNTIME is Next's own (inlined per bundle), not configuration.
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before anything that reads the configuration at import (the logger): a bad variable exits here, named.
  const { getConfigOrExit } = await import("./lib/platform/config/env.mjs");
  getConfigOrExit();
  const { bootServiceOrExit } = await import("./lib/runtime/boot/boot-service");
  await bootServiceOrExit();
};
