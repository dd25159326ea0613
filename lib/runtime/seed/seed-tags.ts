import { tagDrivers, tags, tagVehicles, type Dataset } from "@/db/schema";
import type { Executor } from "@/db/client";

type SeedTagsOptions = { db: Executor; companyId: number; dataset: Dataset; vehicleIds: number[]; driverIds: number[] };

/**
 * A small tag tree for the demo: a region with two depots, each vehicle (and its driver) at one depot,
 * alternating, so the tag filters and `parentTagIds` (the region) have something to show.
 */
export const seedTags = async ({ db, companyId, dataset, vehicleIds, driverIds }: SeedTagsOptions) => {
  const [region] = await db.insert(tags).values({ companyId, dataset, name: "Chicago region" }).returning({ id: tags.id });
  const depots = await db
    .insert(tags)
    .values([
      { companyId, dataset, name: "North depot", parentTagId: region.id },
      { companyId, dataset, name: "South depot", parentTagId: region.id },
    ])
    .returning({ id: tags.id });
  const depotOf = (index: number) => depots[index % 2].id;
  for (let i = 0; i < vehicleIds.length; i += 1000) {
    await db.insert(tagVehicles).values(vehicleIds.slice(i, i + 1000).map((vehicleId, k) => ({ companyId, tagId: depotOf(i + k), vehicleId })));
  }
  for (let i = 0; i < driverIds.length; i += 1000) {
    await db.insert(tagDrivers).values(driverIds.slice(i, i + 1000).map((driverId, k) => ({ companyId, tagId: depotOf(i + k), driverId })));
  }
  return { regionId: region.id, depotIds: depots.map((depot) => depot.id) };
};
