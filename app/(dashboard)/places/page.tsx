import { requireUser } from "@/app/_server/session";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { getDb } from "@/db/client";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { getMapTiles } from "@/lib/dashboard/view/map-tiles";
import { listPlaces } from "@/lib/fleet/places/manage-places";
import { findMapStart } from "@/lib/fleet/places/map-start";
import { isAddressSearchOn } from "@/lib/platform/geo/address-search";
import { PlacesPageClient } from "./page-client";

export const metadata = { title: "Places" };

const Page = async () => {
  const user = await requireUser(SECTIONS.places.roles);
  const rows = await listPlaces({ db: getDb(), companyId: user.companyId, dataset: "live", limit: 2_000 });
  const places = rows.map(({ id, name, formattedAddress, notes, latitude, longitude, radiusMeters, vertices }) => ({
    id,
    name,
    formattedAddress,
    notes,
    latitude,
    longitude,
    radiusMeters,
    vertices,
  }));
  const { tileUrl, attribution } = getMapTiles();
  const start = await findMapStart({ db: getDb(), companyId: user.companyId, dataset: "live", placesFirst: true });
  return (
    <>
      <LocalDataNotice subject="Places" reason="places are kept in this service's database." />
      <PlacesPageClient
        places={places}
        canEdit={canDo(user.role, "editPlaces")}
        tileUrl={tileUrl}
        attribution={attribution}
        start={start}
        addressSearch={isAddressSearchOn()}
      />
    </>
  );
};

export default Page;
