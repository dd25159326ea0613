"use server";

// Every export of a "use server" module is a public endpoint: each action goes through defineAction,
// which checks the session's role (a refusal is recorded as `place.denied`) before touching a place
// of the user's company.
import { z } from "zod";
import { defineAction } from "@/app/_server/define-action";
import { readId } from "@/lib/access/actions";
import { createPlace, deletePlace, updatePlace } from "@/lib/fleet/places/manage-places";
import { createPlaceSchema, updatePlaceSchema } from "@/lib/fleet/places/place-input";
import { searchCities } from "@/lib/platform/geo/city-search";
import { searchAddresses } from "@/lib/platform/geo/address-search";

const editPlaces = (id: (raw: unknown) => unknown) =>
  ({ action: "editPlaces", denied: { action: "place.denied", target: "place", id }, revalidate: ["/places"] }) as const;
const placeIdOf = (raw: unknown) => (raw as { placeId?: unknown } | undefined)?.placeId;

export const createPlaceAction = defineAction({ ...editPlaces(() => "new"), input: createPlaceSchema }, async ({ input, tenant, actor }) => ({
  id: (await createPlace({ ...tenant, input, actor })).id,
}));

export const updatePlaceAction = defineAction(
  {
    ...editPlaces(placeIdOf),
    input: z.object({ placeId: z.number(), place: updatePlaceSchema }),
    args: (placeId: unknown, place: unknown) => ({ placeId: readId(placeId), place }),
  },
  async ({ input: { placeId, place }, tenant, actor }) => {
    await updatePlace({ ...tenant, placeId, input: place, actor });
    return { id: placeId };
  },
);

export const deletePlaceAction = defineAction(
  { ...editPlaces(placeIdOf), input: z.object({ placeId: z.number() }), args: (placeId: unknown) => ({ placeId: readId(placeId) }) },
  async ({ input: { placeId }, tenant, actor }) => {
    await deletePlace({ ...tenant, placeId, actor });
    return { id: placeId };
  },
);

/** Towns of the shipped gazetteer (no network) by their first letters: the Places map's and Company settings' town search. */
export const searchCitiesAction = defineAction(
  { action: "editPlaces", denied: { action: "place.denied", target: "place", id: () => "search" }, input: z.string().max(120) },
  async ({ input }) => ({ cities: await searchCities({ query: input }) }),
);

/** Street addresses from the configured geocoder (GEOCODER_URL), one search a submit: the Places map's address search. */
export const searchAddressesAction = defineAction(
  { action: "editPlaces", denied: { action: "place.denied", target: "place", id: () => "search" }, input: z.string().max(200) },
  async ({ input, tenant }) => ({ addresses: await searchAddresses({ db: tenant.db, query: input }) }),
);
