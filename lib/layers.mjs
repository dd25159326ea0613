/**
 * lib/'s domains, lowest first: each imports only the domains before it. eslint.config.mjs turns this
 * list into its import zones; docs/architecture.md ("Layers") says what each domain holds.
 */
export const LIB_DOMAINS = [
  "platform",
  "outbound",
  "telemetry",
  "fleet",
  "ingestion",
  "hos",
  "processing",
  "access",
  "live",
  "reports",
  "interfaces",
  "dashboard",
  "runtime",
];
