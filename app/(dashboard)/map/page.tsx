import { Suspense } from "react";
import { requireUser } from "@/app/_server/session";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { LiveMapScreen } from "@/components/map/live-map-screen";
import { shareLiveLocationAction } from "./actions";
import { getMapTiles } from "@/lib/dashboard/view/map-tiles";
import { getDb } from "@/db/client";
import { findMapStart } from "@/lib/fleet/places/map-start";

export const metadata = { title: "Live map" };

const Page = async () => {
  const user = await requireUser(SECTIONS.map.roles);
  const { tileUrl, attribution } = getMapTiles();
  const start = await findMapStart({ db: getDb(), companyId: user.companyId, dataset: "live" });
  return (
    <Suspense>
      <LiveMapScreen
        tileUrl={tileUrl}
        attribution={attribution}
        start={start}
        shareAction={canDo(user.role, "shareLiveLocation") ? shareLiveLocationAction : undefined}
        canAddVehicles={canDo(user.role, "editVehicles")}
      />
    </Suspense>
  );
};

export default Page;
