import { dashboardRoute } from "@/app/_server/dashboard-route";
import { getDb } from "@/db/client";
import { SECTIONS } from "@/lib/auth/role-policy";
import { listPlaces } from "@/lib/places/manage-places";

export const dynamic = "force-dynamic";

/** The company's places for the live map's layer. */
export const GET = dashboardRoute(
  async ({ user }) => {
    const rows = await listPlaces({ db: getDb(), companyId: user.companyId, dataset: "live", limit: 2_000 });
    return { places: rows.map(({ id, name, formattedAddress, notes, latitude, longitude, radiusMeters, vertices }) => ({ id, name, formattedAddress, notes, latitude, longitude, radiusMeters, vertices })) };
  },
  { roles: SECTIONS.places.roles, action: "see places" },
);
