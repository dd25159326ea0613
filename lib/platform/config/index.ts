import type { z } from "zod";
import { sha256Hex } from "@/lib/platform/crypto";
import { envSchema, getConfig as getParsedConfig } from "./env.mjs";

export { ConfigError, ENV_NAMES, readConfig, reloadConfig } from "./env.mjs";

/** Every environment variable, parsed and defaulted (lib/platform/config/env.mjs declares them). */
export type Config = z.output<typeof envSchema>;

/** This process's configuration; the first call throws a ConfigError naming every bad variable. */
export const getConfig = (): Config => getParsedConfig();

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

const isProductionWithoutDemo = () => {
  const { NODE_ENV, DEMO } = getConfig();
  return NODE_ENV === "production" && !DEMO;
};

/**
 * The populated demo (`npm start`, development, tests, DEMO set) or a real fleet's service
 * (NODE_ENV=production without DEMO): an empty database, first-run setup, no simulator unless asked.
 */
export const isDemoMode = () => !isProductionWithoutDemo();

/** Whether the fleet simulator runs: SIMULATOR when set, else only in the demo. */
export const isSimulatorOn = () => (getConfig().SIMULATOR ?? (isDemoMode() ? "on" : "off")) === "on";

/** Where users reach this service: PUBLIC_URL, else this machine's port. */
export const getPublicOrigin = () => {
  const { PUBLIC_URL, PORT } = getConfig();
  return PUBLIC_URL ? PUBLIC_URL.replace(/\/+$/, "") : `http://localhost:${PORT}`;
};

/** A configured secret or its demo default; in production without DEMO a missing value is fatal. */
export const getSecret = (name: SecretName): string => {
  const value = getConfig()[name];
  if (value) return value;
  if (isProductionWithoutDemo()) {
    throw new Error(`${name} must be set when NODE_ENV=production (or set DEMO=1 to run with demo credentials).`);
  }
  return DEMO_DEFAULTS[name];
};

/** Derives independent keys (JWT, cursors, ...) from AUTH_SECRET so one secret configures all. */
export const deriveSecret = (purpose: string): Uint8Array => Buffer.from(sha256Hex(`${purpose}:${getSecret("AUTH_SECRET")}`), "hex");

/** Production needs only AUTH_SECRET: the SEED_* credentials belong to the demo seed, which production skips. */
export const listMissingProductionSecrets = (): SecretName[] => (isProductionWithoutDemo() && !getConfig().AUTH_SECRET ? ["AUTH_SECRET"] : []);

/** The hardware tracker listeners (docs/trackers.md): Traccar's default ports, so Traccar-configured devices need only a new host. */
export const getTrackerSettings = () => {
  const config = getConfig();
  return {
    teltonikaPort: config.TELTONIKA_PORT,
    gt06Port: config.GT06_PORT,
    h02Port: config.H02_PORT,
    gps103Port: config.GPS103_PORT,
    queclinkPort: config.QUECLINK_PORT,
    jt808Port: config.JT808_PORT,
    suntechPort: config.SUNTECH_PORT,
    meitrackPort: config.MEITRACK_PORT,
    ruptelaPort: config.RUPTELA_PORT,
    osmandPort: config.OSMAND_PORT,
    host: config.TRACKER_HOST,
    idleTimeoutMs: config.TRACKER_IDLE_TIMEOUT_MS,
    maxConnectionsPerAddress: config.TRACKER_MAX_CONNECTIONS_PER_ADDRESS,
    maxConnections: config.TRACKER_MAX_CONNECTIONS,
    frameTimeoutMs: config.TRACKER_FRAME_TIMEOUT_MS,
  };
};

/** The caps on live streams (server-sent events), per process: per share link, per signed-in user, per client address; and how far back one resumes. */
export const getLiveStreamLimits = () => {
  const config = getConfig();
  return {
    perLink: config.LIVE_STREAMS_PER_LINK,
    perUser: config.LIVE_STREAMS_PER_USER,
    perAddress: config.LIVE_STREAMS_PER_ADDRESS,
    replayChanges: config.LIVE_STREAM_REPLAY_CHANGES,
  };
};

/** The caps on costly requests and the legacy interface's rates (docs/security.md "Limits"). */
export const getRequestLimits = () => {
  const config = getConfig();
  return {
    heavyPerCompany: config.HEAVY_REQUESTS_PER_COMPANY,
    heavyPerUser: config.HEAVY_REQUESTS_PER_USER,
    legacyPerMinute: config.LEGACY_API_REQUESTS_PER_MINUTE,
    clientKeyExchangesPerMinute: config.CLIENT_KEY_EXCHANGES_PER_MINUTE,
  };
};

/** Where inspection photos are kept (docs/operating.md "Inspection photos"): a folder, or an S3-compatible bucket. */
export const getPhotoStoreSettings = () => {
  const config = getConfig();
  const dataDir = config.DATA_DIR === "memory://" ? ".data" : config.DATA_DIR;
  return config.PHOTO_STORE === "s3"
    ? {
        kind: "s3" as const,
        bucket: config.S3_BUCKET!,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        credentials: config.S3_ACCESS_KEY_ID ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY! } : undefined,
      }
    : { kind: "folder" as const, folder: config.PHOTO_DIR ?? `${dataDir}/photos` };
};
