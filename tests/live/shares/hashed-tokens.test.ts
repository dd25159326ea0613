import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "@/db/rows";
import { liveShares } from "@/db/schema";
import * as liveSharesRoute from "@/app/live-shares/route";
import { getSharedVehicle } from "@/lib/live/shares/shared-position";
import { generateShareToken, hashShareToken, shareTokenStart } from "@/lib/live/shares/share-token";
import { createTestApiKey } from "../../helpers/api-keys";
import { callFleet } from "../../helpers/fleet-request";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();

/** Issue 33, hole 16: a live sharing link's token was stored in clear and every list showed the working URL. */
describe("live sharing link tokens", () => {
  it("are stored hashed: the working URL comes back once, at creation; the list and an update show a masked one that opens nothing", async () => {
    const { db } = database();
    const { demoCompanyId } = await seedTestCompanies({ db, liveVehicles: 1 });
    const { key } = await createTestApiKey({ db, companyId: demoCompanyId });
    const [vehicle] = await queryRows<{ id: number }>(db, sql`select id from vehicles where company_id = ${demoCompanyId} and dataset = 'live' limit 1`);
    const created = await callFleet(liveSharesRoute.POST, "/live-shares", {
      key,
      method: "POST",
      body: { name: "Delivery", type: "assetsLocation", assetsLocationLinkConfig: { assetId: String(vehicle.id) } },
    });
    expect(created.status).toBe(200);
    const url = created.body.data.liveSharingUrl as string;
    const token = decodeURIComponent(new URL(url).pathname.split("/").pop()!);
    expect((await getSharedVehicle({ db, token })).vehicleName).toBeTruthy();

    // Nothing stored holds the token.
    const stored = await queryRows<Record<string, unknown>>(db, sql`select * from live_shares where company_id = ${demoCompanyId}`);
    // The secret is all after the company id's "_" (base64url: it may hold "_" itself).
    const secret = token.slice(token.indexOf("_") + 1);
    expect(JSON.stringify(stored)).not.toContain(secret);

    const listed = await callFleet(liveSharesRoute.GET, `/live-shares?ids=${created.body.data.id}`, { key });
    const updated = await callFleet(liveSharesRoute.PATCH, `/live-shares?id=${created.body.data.id}`, {
      key,
      method: "PATCH",
      body: { name: "Delivery, dock 4" },
    });
    for (const shown of [listed.body.data[0].liveSharingUrl as string, updated.body.data.liveSharingUrl as string]) {
      // Its first 4 characters only (which may hold a "_"), never the secret.
      expect(shown).not.toContain(secret);
      expect(shown).toMatch(new RegExp(`/share/${demoCompanyId}_[A-Za-z0-9_-]{4}…$`));
      expect(url.startsWith(shown.slice(0, -1))).toBe(true);
    }
  });

  it("of links made before are hashed in place by migration 0036, and those links keep working", async () => {
    const { db } = database();
    const { demoCompanyId } = await seedTestCompanies({ db, liveVehicles: 1 });
    const [vehicle] = await queryRows<{ id: number }>(db, sql`select id from vehicles where company_id = ${demoCompanyId} and dataset = 'live' limit 1`);
    const token = generateShareToken(demoCompanyId);
    // A link as it was stored before: the token in clear (in the renamed column).
    await db
      .insert(liveShares)
      .values({ companyId: demoCompanyId, dataset: "live", name: "Old link", vehicleId: vehicle.id, tokenHash: token, tokenStart: "" });
    const migration = readFileSync(new URL("../../../db/migrations/0036_hashed_live_share_tokens.sql", import.meta.url), "utf8");
    const hashing = migration.split("--> statement-breakpoint").find((statement) => statement.includes("UPDATE"))!;
    await db.execute(sql.raw(hashing));
    const [row] = await queryRows<{ token_hash: string; token_start: string }>(
      db,
      sql`select token_hash, token_start from live_shares where name = 'Old link'`,
    );
    expect(row).toEqual({ token_hash: hashShareToken(token), token_start: shareTokenStart(token) });
    expect((await getSharedVehicle({ db, token })).vehicleName).toBeTruthy();
  });
});
