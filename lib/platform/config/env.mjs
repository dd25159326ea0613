// Every environment variable the service reads, parsed once with zod (the pattern of t3's createEnv).
// Plain JavaScript so that the launchers (scripts/server.mjs, scripts/start.mjs) and next.config.mjs,
// which Node runs before any TypeScript is compiled, validate the same table the app reads. The app
// imports it through lib/platform/config (typed). docs/operating.md's configuration tables list exactly these names
// (tests/platform/config/configuration-tables.test.ts keeps them in step).
import { z } from "zod";

/** An empty variable counts as unset: `PORT=` means the default, not port 0. @param {unknown} value */
const unset = (value) => (value === "" ? undefined : value);

/** @param {number} fallback @param {{ min?: number, max?: number }} [bounds] */
const integer = (fallback, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}) => {
  const rule = max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer from ${min} to ${max}`;
  return z.preprocess(unset, z.string().optional()).transform((value, context) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (/^\s*-?\d+\s*$/.test(value) && number >= min && number <= max) return number;
    context.addIssue({ code: "custom", message: `must be ${rule} (got "${value}")` });
    return z.NEVER;
  });
};

const optionalText = () => z.preprocess(unset, z.string().optional());
/** @param {string} fallback */
const text = (fallback) => optionalText().transform((value) => value ?? fallback);
/** @template {string} T @param {readonly [T, ...T[]]} values @param {T} fallback */
const oneOf = (values, fallback) =>
  z
    .preprocess(unset, z.enum(values, { error: (issue) => `must be one of ${values.join(", ")} (got "${issue.input}")` }).optional())
    .transform((value) => value ?? fallback);
const optionalUrl = () => optionalText().refine((value) => value === undefined || URL.canParse(value), { message: "must be an absolute URL" });

/** A listener's port: a number (0: any free port) or "off" (null: not started). @param {number} fallback */
const trackerPort = (fallback) =>
  z.preprocess(unset, z.string().optional()).transform((value, context) => {
    if (value === undefined) return fallback;
    if (value.trim().toLowerCase() === "off") return null;
    const number = Number(value);
    if (/^\s*\d+\s*$/.test(value) && number <= 65_535) return number;
    context.addIssue({ code: "custom", message: `must be a port number from 0 to 65535 or "off" (got "${value}")` });
    return z.NEVER;
  });

const LOG_LEVELS = /** @type {const} */ (["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

export const envSchema = z
  .object({
    // Next inlines NODE_ENV into its bundles; read() passes the inlined value (see there).
    NODE_ENV: text("development"),
    /** Any non-empty value runs a production build with the documented demo credentials. */
    DEMO: optionalText().transform(Boolean),

    // The HTTP server (scripts/server.mjs)
    PORT: integer(3000, { min: 1, max: 65_535 }),
    HOST: text("0.0.0.0"),
    TRUST_PROXY_HOPS: integer(0, { max: 10 }),
    SHUTDOWN_GRACE_MS: integer(10_000),
    NEXT_DIST_DIR: text(".next"),
    /**
     * on: `next build` keeps Turbopack's cache in the build folder, so the next build of the same checkout
     * is faster; off: a one-off build (a CI run) skips writing it (seconds at the end of every build).
     */
    NEXT_BUILD_CACHE: oneOf(["on", "off"], "on"),
    LOG_LEVEL: z.preprocess(unset, z.enum(LOG_LEVELS, { error: () => `must be one of ${LOG_LEVELS.join(", ")}` }).optional()),

    // The database
    DATABASE_URL: optionalText(),
    DATABASE_READ_URL: optionalText(),
    DATABASE_POOL_SIZE: integer(10, { min: 1, max: 1_000 }),
    DATABASE_CONNECT_TIMEOUT_MS: integer(5_000, { min: 1 }),
    DATA_DIR: text(".data"),
    /**
     * What this process runs (docs/architecture.md "Processes"): all (default) the web, ingestion and the
     * background work; web the dashboard, the APIs, ingestion, tracker listeners and the simulator; worker
     * the telemetry processors (alerts, trips, automatic driving), alert checks, webhooks, mail and
     * scheduled reports. web and worker share one PostgreSQL (DATABASE_URL).
     */
    PROCESS_ROLE: oneOf(["all", "web", "worker"], "all"),
    /**
     * The CPU priority (nice, 0–19) a worker process lowers itself to: on a machine it shares with a
     * web process and PostgreSQL, ingestion and requests come first and the processors take the rest
     * (docs/scaling.md). 0 keeps the priority it was started with.
     */
    WORKER_NICE: integer(10, { max: 19 }),
    RETENTION_DAYS: integer(400, { min: 1 }),

    // The demo fleet simulator: on by default in the demo, off by default in production (lib/platform/config's isDemoMode)
    SIMULATOR: z.preprocess(unset, z.enum(["on", "off"], { error: (issue) => `must be one of on, off (got "${issue.input}")` }).optional()),
    SIM_VEHICLES: integer(50, { max: 10_000 }),
    SIM_SEED: integer(1),
    SIM_BACKFILL_DAYS: integer(7, { max: 400 }),
    SIM_TICK_MS: integer(3_000, { min: 100 }),

    // AUTH_SECRET (the one variable production requires) and the demo seed's credentials (read by the demo only;
    // lib/platform/config's getSecret applies their documented defaults).
    AUTH_SECRET: optionalText(),
    SEED_ADMIN_EMAIL: optionalText(),
    SEED_ADMIN_PASSWORD: optionalText(),
    SEED_MANAGER_EMAIL: optionalText(),
    SEED_DISPATCHER_EMAIL: optionalText(),
    SEED_OTHER_ADMIN_EMAIL: optionalText(),
    SEED_OTHER_ADMIN_PASSWORD: optionalText(),
    SEED_CLIENT_KEY: optionalText(),
    SEED_OTHER_CLIENT_KEY: optionalText(),
    SEED_CAMERA_SECRET: optionalText(),
    SEED_INGEST_TOKEN: optionalText(),

    // Interfaces
    /** The address users reach the service at, for links the service prints (the first-run setup link). */
    PUBLIC_URL: optionalUrl(),
    SNAPSHOT_CACHE_RECORDS: integer(20_000, { min: 1 }),
    LEGACY_TOKEN_TTL_SECONDS: integer(3_600, { min: 1 }),
    /**
     * How long a dashboard session's user (status, role, session version) is trusted before it is read
     * again: a deactivated user is signed out within this many seconds. At most 60 (the promise); tests use 1.
     */
    SESSION_CHECK_SECONDS: integer(30, { min: 1, max: 60 }),
    /** 1: outbound webhooks may target loopback, private, link-local and metadata addresses (tests, a receiver on the LAN). */
    WEBHOOK_ALLOW_PRIVATE_TARGETS: z.preprocess(unset, z.enum(["0", "1"], { error: (issue) => `must be 0 or 1 (got "${issue.input}")` }).optional()),

    // Limits on held connections and costly requests (docs/security.md "Limits"). Live streams are
    // server-sent events (the map, the alert badge, live sharing links); their caps are per process.
    LIVE_STREAMS_PER_LINK: integer(10, { min: 1 }),
    LIVE_STREAMS_PER_USER: integer(20, { min: 1 }),
    LIVE_STREAMS_PER_ADDRESS: integer(50, { min: 1 }),
    /** How far back (in the company's changes) a stream resumes: a share link's is clamped, the map's ends and it polls. */
    LIVE_STREAM_REPLAY_CHANGES: integer(20_000, { min: 1 }),

    /** Exports and history over more than 7 days running at once, per company and per user or API key (per process). */
    HEAVY_REQUESTS_PER_COMPANY: integer(4, { min: 1 }),
    HEAVY_REQUESTS_PER_USER: integer(2, { min: 1 }),
    /** The legacy interface (/api/v1, /api/v2), per company: at most this many at once, refilled over a minute. */
    LEGACY_API_REQUESTS_PER_MINUTE: integer(300, { min: 1 }),
    /** GET /api/v1/auth (ClientKey for a token), per client address: at most this many at once, refilled over a minute. */
    CLIENT_KEY_EXCHANGES_PER_MINUTE: integer(20, { min: 1 }),

    // Mail (lib/outbound/mail): invites, password resets, alert incidents and scheduled reports are e-mailed when SMTP_URL is set
    /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465 (TLS). */
    SMTP_URL: optionalText().refine((value) => value === undefined || /^smtps?:\/\/[^/]/.test(value), { message: "must be an smtp:// or smtps:// URL" }),
    MAIL_FROM: text("Fleet Telematics <no-reply@localhost>"),

    // ELD records to FMCSA (49 CFR 395 Appendix A 4.9.1 telematics transfer; docs/hos.md "Transfer"): what FMCSA
    // gives a registered ELD provider. Unset: the driver can still download the file and show the screen.
    /** The web service's WSDL (a URL or a file path). */
    ELD_WEB_SERVICE_WSDL: optionalText(),
    /** The web service's address, when it is not the one the WSDL names. */
    ELD_WEB_SERVICE_URL: optionalUrl(),
    /** PEM file of the certificate authority the web service's TLS certificate chains to, when the system's do not. */
    ELD_WEB_SERVICE_CA: optionalText(),
    /** PEM files of the provider's certificate and private key registered with FMCSA: the TLS client certificate, and the e-mail's signature. */
    ELD_PROVIDER_CERT: optionalText(),
    ELD_PROVIDER_KEY: optionalText(),
    /** FMCSA's ELD e-mail address, and the PEM file of its public certificate the e-mail is encrypted to. */
    ELD_TRANSFER_EMAIL: optionalText().refine((value) => value === undefined || /^[^\s@]+@[^\s@]+$/.test(value), { message: "must be an e-mail address" }),
    ELD_FMCSA_CERT: optionalText(),
    /** on: transfers carry FMCSA's test flag (the "TEST" subject): checked by FMCSA, never passed on to an inspector. */
    ELD_TRANSFER_TEST: oneOf(["on", "off"], "off"),

    // The dashboard (an empty MAP_TILE_URL means no tiles, so it is not "unset")
    MAP_TILE_URL: z.string().optional(),
    MAP_TILE_ATTRIBUTION: z.string().optional(),
    FLEET_API_URL: optionalUrl(),
    FLEET_API_KEY: optionalText(),
    /**
     * A Nominatim-compatible geocoder (its base URL; /search is appended) for street addresses in the Places
     * search, called from the server at most once a second; unset: towns from the shipped gazetteer only.
     */
    GEOCODER_URL: optionalUrl(),

    // Inspection photos (docs/operating.md "Inspection photos"): a folder on this server, or an S3-compatible store
    PHOTO_STORE: oneOf(["folder", "s3"], "folder"),
    /** The folder of `PHOTO_STORE=folder`; unset: `photos` inside DATA_DIR (or `.data/photos` when DATA_DIR is in memory). */
    PHOTO_DIR: optionalText(),
    /** An S3-compatible endpoint (MinIO, R2, Ceph...); unset: AWS S3 of S3_REGION. */
    S3_ENDPOINT: optionalUrl(),
    S3_REGION: text("us-east-1"),
    S3_BUCKET: optionalText(),
    /** Unset: the AWS SDK's own credential chain (instance role, AWS_* variables, shared files). */
    S3_ACCESS_KEY_ID: optionalText(),
    S3_SECRET_ACCESS_KEY: optionalText(),

    // Hardware tracker listeners (docs/trackers.md): a port, 0 for any free port, or "off"
    TELTONIKA_PORT: trackerPort(5027),
    GT06_PORT: trackerPort(5023),
    H02_PORT: trackerPort(5013),
    GPS103_PORT: trackerPort(5001),
    QUECLINK_PORT: trackerPort(5004),
    JT808_PORT: trackerPort(5015),
    SUNTECH_PORT: trackerPort(5011),
    MEITRACK_PORT: trackerPort(5020),
    RUPTELA_PORT: trackerPort(5046),
    /** Traccar Client and other OsmAnd-protocol devices over HTTP, at Traccar's port (the same protocol as /ingest/osmand). */
    OSMAND_PORT: trackerPort(5055),
    TRACKER_HOST: text("0.0.0.0"),
    TRACKER_IDLE_TIMEOUT_MS: integer(600_000, { min: 1 }),
    TRACKER_MAX_CONNECTIONS_PER_ADDRESS: integer(100, { min: 1 }),
    /** Open tracker connections over all the listeners: a flood from many addresses stops here, not at the file-descriptor limit. */
    TRACKER_MAX_CONNECTIONS: integer(10_000, { min: 1 }),
    /** How long a connection may take to log in, and to complete a frame once it has begun one (a half-sent frame holds nothing longer). */
    TRACKER_FRAME_TIMEOUT_MS: integer(30_000, { min: 1 }),
  })
  .superRefine((env, context) => {
    if (env.PROCESS_ROLE !== "all" && !env.DATABASE_URL) {
      context.addIssue({
        code: "custom",
        path: ["PROCESS_ROLE"],
        message: `must be "all" with the embedded database: ${env.PROCESS_ROLE} needs DATABASE_URL (PGlite is one process's)`,
      });
    }
    if (env.PHOTO_STORE === "s3" && !env.S3_BUCKET) {
      context.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "must be set when PHOTO_STORE=s3 (the bucket the inspection photos go to)" });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
      context.addIssue({ code: "custom", path: [missing], message: "must be set together with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY" });
    }
    if (Boolean(env.FLEET_API_URL) !== Boolean(env.FLEET_API_KEY)) {
      const missing = env.FLEET_API_URL ? "FLEET_API_KEY" : "FLEET_API_URL";
      context.addIssue({
        code: "custom",
        path: [missing],
        message: "must be set together with FLEET_API_URL and FLEET_API_KEY (the dashboard's upstream fleet API)",
      });
    }
  })
  .transform((env) => ({ ...env, LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info") }));

/** The variable names, for the documentation's check and error messages. */
export const ENV_NAMES = Object.keys(envSchema.in.shape);

/** The tracker listeners' port variables (docs/trackers.md). */
export const TRACKER_PORT_VARIABLES = /** @type {const} */ ([
  "TELTONIKA_PORT",
  "GT06_PORT",
  "H02_PORT",
  "GPS103_PORT",
  "QUECLINK_PORT",
  "JT808_PORT",
  "SUNTECH_PORT",
  "MEITRACK_PORT",
  "RUPTELA_PORT",
  "OSMAND_PORT",
]);

/** Every tracker listener off: for the servers tests start, which leave the well-known ports to real deployments. */
export const trackerListenersOff = () => Object.fromEntries(TRACKER_PORT_VARIABLES.map((name) => [name, "off"]));

export class ConfigError extends Error {
  name = "ConfigError";
}

/**
 * Parses `source` (default: this process's environment); a bad value throws a ConfigError naming every bad variable.
 * @param {Record<string, string | undefined>} [source]
 */
export const readConfig = (source = { ...process.env, NODE_ENV: process.env.NODE_ENV }) => {
  // NODE_ENV is read literally above so that Next's build inlines it, as it did before this module existed.
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join("; ")}.`);
};

/** @type {z.output<typeof envSchema> | undefined} */
let cached;

/** This process's configuration, parsed on first use and then kept (the environment does not change under a running process). */
export const getConfig = () => (cached ??= readConfig());

/** Forgets the parsed configuration: for tests that change process.env (vi.stubEnv) between cases. */
export const reloadConfig = () => {
  cached = undefined;
  return getConfig();
};

/** For the launchers: the configuration, or a one-line message naming the bad variables and exit code 1. */
export const getConfigOrExit = () => {
  try {
    return getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[config] ${error.message}`);
    process.exit(1);
  }
};
