import { and, eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import type { Database } from "@/db/client";
import { clientKeys, users, vehicles } from "@/db/schema";
import { signAdminToken } from "@/lib/interfaces/admin-api/admin-token";
import { getSecret } from "@/lib/platform/config";
import { getFleetSource } from "@/lib/dashboard/data";
import { createIngestToken } from "@/lib/ingestion/batch";
import { operatorActor } from "@/lib/platform/audit";
import { createLiveShare } from "@/lib/live/shares/manage-live-shares";
import { signLegacyToken } from "@/lib/interfaces/legacy-api/legacy-token";
import { createTestApiKey } from "../helpers/api-keys";
import { setupFleetFixture } from "../helpers/fleet-fixture";
import { testActor } from "../helpers/devices";

const clientKeyIdOf = async (db: Database, companyId: number) => {
  const [key] = await db.select({ id: clientKeys.id }).from(clientKeys).where(eq(clientKeys.companyId, companyId));
  return key.id;
};

const userOf = async (db: Database, email: string) => {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
};

/** A next-auth session cookie for a user, as the dashboard's sign-in sets it. */
export const sessionCookieFor = async (user: { id: number; email: string; name: string; role: string; companyId: number }) => {
  const token = await encode({ token: { sub: String(user.id), user: { ...user, companyName: "Demo Fleet" } }, secret: getSecret("AUTH_SECRET") });
  return `next-auth.session-token=${token}`;
};

/**
 * Everything the route harness needs: the fleet fixture (two companies, live and sandbox, keys,
 * telemetry, HOS), a legacy token per company, admin tokens, a session cookie, an ingest token.
 */
export const setupHarnessFixture = async (db: Database) => {
  const fleet = await setupFleetFixture({ db });
  const demoClientKeyId = await clientKeyIdOf(db, fleet.demo.companyId);
  const otherClientKeyId = await clientKeyIdOf(db, fleet.other.companyId);
  const admin = await userOf(db, "admin@demo.test");
  const manager = await userOf(db, "manager@demo.test");
  const [demoVehicle] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, fleet.demo.vehicleIds[0])));
  const [otherVehicle] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, fleet.other.vehicleIds[0])));
  const otherKey = await createTestApiKey({ db, companyId: fleet.other.companyId });
  const revocableKey = await createTestApiKey({ db, companyId: fleet.demo.companyId });
  const ingest = await createIngestToken({ db, companyId: fleet.demo.companyId, dataset: "live", name: "harness gateway", actor: testActor });
  const snapshot = await getFleetSource({ companyId: fleet.demo.companyId }).getSnapshot();
  const liveShare = await createLiveShare({
    db,
    companyId: fleet.demo.companyId,
    dataset: "live",
    actor: operatorActor("harness"),
    input: { name: "Harness link", vehicleId: demoVehicle.id },
  });
  return {
    fleet,
    dashboardCursors: { locationsAfter: snapshot.locationsCursor, statsAfter: snapshot.statsCursor },
    /** Where the map's stream starts: its snapshot's sequence. */
    streamSeq: snapshot.streamSeq,
    demoVehicle,
    otherVehicle,
    otherApiKeyId: otherKey.id,
    revocableKeyId: revocableKey.id,
    legacyToken: await signLegacyToken({ companyId: fleet.demo.companyId, clientKeyId: demoClientKeyId }),
    otherLegacyToken: await signLegacyToken({ companyId: fleet.other.companyId, clientKeyId: otherClientKeyId }),
    adminToken: (await signAdminToken({ userId: admin.id, companyId: admin.companyId, role: "admin" })).token,
    managerToken: (await signAdminToken({ userId: manager.id, companyId: manager.companyId, role: manager.role })).token,
    sessionCookie: await sessionCookieFor(admin),
    managerSessionCookie: await sessionCookieFor(manager),
    ingestToken: ingest.token,
    ingestTokenId: ingest.id as number,
    cameraSecret: getSecret("SEED_CAMERA_SECRET"),
    liveShareToken: liveShare.token,
  };
};

export type HarnessFixture = Awaited<ReturnType<typeof setupHarnessFixture>>;
