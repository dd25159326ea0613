import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/interfaces/fleet-api/pagination";
import { API_VERSIONS, CURRENT_API_VERSION, VERSION_HEADER } from "@/lib/platform/api-versions";
import styles from "./api-reference.module.css";

/** Where each interface lives and how a caller proves who it is. */
const INTERFACES = [
  {
    name: "Public fleet interface",
    paths: ["/fleet"],
    auth: "API key as Bearer: svc_live_… for live data, svc_test_… for the sandbox; each key carries scopes and an optional IP allowlist.",
  },
  {
    name: "Legacy interface",
    paths: ["/api/v1", "/api/v2/assets"],
    auth: "GET /api/v1/auth with the X-Client-Key header returns a 60-minute token, sent as Bearer. Always the live dataset.",
  },
  {
    name: "Admin interface",
    paths: ["/api/v2/auth/token", "/api/v2/api-keys"],
    auth: "An admin's email and password at POST /api/v2/auth/token return a one-hour JWT, sent as Bearer.",
  },
  { name: "Device ingestion", paths: ["/ingest"], auth: "OsmAnd trackers: the device id identifies the vehicle. Gateways: an ingest token (ing_…) as Bearer." },
] as const;

export const ReferenceIntro = ({ origin, version }: { origin: string; version: string }) => (
  <section id="overview" className={styles.intro} aria-labelledby="overview-title">
    <h2 id="overview-title" className={styles.sectionTitle}>
      Overview
    </h2>
    <p className={styles.lead}>
      Every interface of this service, generated from the same schemas the handlers validate with (OpenAPI {version}). Paths are relative to{" "}
      <code>{origin}</code>.
    </p>
    <div className={styles.interfaceGrid}>
      {INTERFACES.map((entry) => (
        <div key={entry.name} className={styles.interfaceCard}>
          <h3>{entry.name}</h3>
          <p className={styles.interfacePaths}>
            {entry.paths.map((path) => (
              <code key={path}>
                {origin}
                {path}
              </code>
            ))}
          </p>
          <p>{entry.auth}</p>
        </div>
      ))}
    </div>
    <dl className={styles.conventions}>
      <dt>Pagination</dt>
      <dd>
        Public lists take <code>limit</code> (1–{MAX_PAGE_SIZE}, default {DEFAULT_PAGE_SIZE}) and <code>after</code>, and answer{" "}
        <code>{"{ data, pagination: { endCursor, hasNextPage } }"}</code>. Pass <code>endCursor</code> as <code>after</code> for the next page. Feeds always
        return a cursor: poll with it to receive only what changed since.
      </dd>
      <dt>Versioning</dt>
      <dd>
        The public interface is versioned by the <code>{VERSION_HEADER}</code> request header ({API_VERSIONS.join(", ")}; current{" "}
        <code>{CURRENT_API_VERSION}</code>). Without it, a key gets the version it was created under; the answer names the version in the same header. The
        legacy interface is versioned in the path (<code>/api/v1</code>, <code>/api/v2</code>).
      </dd>
      <dt>Errors and limits</dt>
      <dd>
        Every error is <code>{"{ message, requestId }"}</code> with the request id also in <code>X-Request-Id</code>. Public requests are rate limited per
        company by plan (<code>X-RateLimit-*</code> headers; 429 with <code>Retry-After</code>).
      </dd>
    </dl>
  </section>
);
