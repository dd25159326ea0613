import { getDb } from "@/db/client";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { listPlaces } from "@/lib/fleet/places/manage-places";
import { defineDashboardEndpoint } from "./define-dashboard-endpoint";

export const mapPlacesEndpoint = defineDashboardEndpoint({
  method: "GET",
  path: "/api/dashboard/places",
  summary: "The company's places for the live map's layer",
  roles: SECTIONS.places.roles,
  action: "see places",
  run: async ({ user }) => {
    const rows = await listPlaces({ db: getDb(), companyId: user.companyId, dataset: "live", limit: 2_000 });
    return {
      places: rows.map(({ id, name, formattedAddress, notes, latitude, longitude, radiusMeters, vertices }) => ({
        id,
        name,
        formattedAddress,
        notes,
        latitude,
        longitude,
        radiusMeters,
        vertices,
      })),
    };
  },
});
