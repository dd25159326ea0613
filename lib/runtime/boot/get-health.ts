import { getDatabase } from "@/db/client";
import { getMigrationStatus } from "@/db/migrate";
import packageJson from "@/package.json";
import { getServiceStatus } from "../service-status";

/** Database reachability, migrations, simulator state and version, for /api/health. */
export const getHealth = async () => {
  const database = getDatabase();
  const started = performance.now();
  try {
    const migrations = await getMigrationStatus(database);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const status = migrations.upToDate ? "ok" : "degraded";
    return { status, version: packageJson.version, database: { kind: database.kind, reachable: true, latencyMs }, migrations, ...getServiceStatus() };
  } catch {
    return { status: "down", version: packageJson.version, database: { kind: database.kind, reachable: false }, ...getServiceStatus() };
  }
};
