import { sha256Hex } from "@/lib/crypto";

/** Demo credentials: used when the variables are unset, refused in production unless DEMO is set. */
export const DEMO_DEFAULTS = {
  SEED_ADMIN_EMAIL: "admin@demo.test",
  SEED_ADMIN_PASSWORD: "demo-password-1",
  SEED_OTHER_ADMIN_EMAIL: "admin@other.test",
  SEED_OTHER_ADMIN_PASSWORD: "other-password-1",
  SEED_CLIENT_KEY: "demo-client-key",
  SEED_OTHER_CLIENT_KEY: "other-client-key",
  SEED_CAMERA_SECRET: "demo-camera-secret",
  SEED_INGEST_TOKEN: "demo-ingest-token",
  AUTH_SECRET: "demo-auth-secret-change-me",
} as const;

type SecretName = keyof typeof DEMO_DEFAULTS;

const isProductionWithoutDemo = () => process.env.NODE_ENV === "production" && !process.env.DEMO;

/** A configured secret or its demo default; in production without DEMO a missing value is fatal. */
export const getSecret = (name: SecretName): string => {
  const value = process.env[name];
  if (value) return value;
  if (isProductionWithoutDemo()) {
    throw new Error(`${name} must be set when NODE_ENV=production (or set DEMO=1 to run with demo credentials).`);
  }
  return DEMO_DEFAULTS[name];
};

/** Derives independent keys (JWT, cursors, ...) from AUTH_SECRET so one secret configures all. */
export const deriveSecret = (purpose: string): Uint8Array => Buffer.from(sha256Hex(`${purpose}:${getSecret("AUTH_SECRET")}`), "hex");

export const listMissingProductionSecrets = (): SecretName[] =>
  isProductionWithoutDemo() ? (Object.keys(DEMO_DEFAULTS) as SecretName[]).filter((name) => !process.env[name]) : [];

/** A tracker listener's port from `name`: a port number (0: any free port), or "off" for none. */
const trackerPort = (name: string, fallback: number): number | null => {
  const value = process.env[name]?.trim();
  if (!value) return fallback;
  if (value.toLowerCase() === "off") return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`${name} must be a port number or "off".`);
  return port;
};

const positiveInteger = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer.`);
  return value;
};

/** The hardware tracker listeners (docs/trackers.md): Traccar's default ports, so Traccar-configured devices need only a new host. */
export const getTrackerSettings = () => ({
  teltonikaPort: trackerPort("TELTONIKA_PORT", 5027),
  gt06Port: trackerPort("GT06_PORT", 5023),
  host: process.env.TRACKER_HOST || "0.0.0.0",
  idleTimeoutMs: positiveInteger("TRACKER_IDLE_TIMEOUT_MS", 600_000),
  maxConnectionsPerAddress: positiveInteger("TRACKER_MAX_CONNECTIONS_PER_ADDRESS", 100),
});
