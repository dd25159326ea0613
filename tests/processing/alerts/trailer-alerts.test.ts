import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { vehicles } from "@/db/schema";
import { useTestDatabase } from "../../helpers/test-database";
import { CENTRE, OUTSIDE, setupAlertTrack } from "./alert-track";

const database = useTestDatabase();

describe("alert rules watch trailers as they watch vehicles", () => {
  it("a rule for every vehicle and a rule naming the trailer both open an incident when the trailer's own tracker enters the place", async () => {
    const { db } = database();
    const { b: trailer, place, run, rule, drive, incidents } = await setupAlertTrack(db);
    await db.update(vehicles).set({ assetKind: "trailer" }).where(eq(vehicles.id, trailer.id));
    const everyAsset = await rule({ name: "Anything arrives", trigger: { type: "placeEntry", placeIds: [place.id] } });
    const thisTrailer = await rule({ name: "Trailer arrives", trigger: { type: "placeEntry", placeIds: [place.id] }, vehicleIds: [trailer.id] });
    await drive(trailer.id, [
      [0, OUTSIDE],
      [10, CENTRE, 0],
      [20, CENTRE, 0],
    ]);
    await run();
    for (const ruleId of [everyAsset.id, thisTrailer.id]) {
      expect(await incidents(ruleId)).toMatchObject([{ vehicleId: trailer.id, placeId: place.id, endedAt: null }]);
    }
  });
});
