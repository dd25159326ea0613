import { Suspense } from "react";
import { requireUser } from "@/app/_server/session";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { LiveMapScreen } from "@/components/map/live-map-screen";
import { shareLiveLocationAction } from "./actions";
import { getMapTiles } from "@/lib/dashboard/view/map-tiles";

export const metadata = { title: "Live map" };

const Page = async () => {
  const user = await requireUser(SECTIONS.map.roles);
  const { tileUrl, attribution } = getMapTiles();
  return (
    <Suspense>
      <LiveMapScreen
        tileUrl={tileUrl}
        attribution={attribution}
        shareAction={canDo(user.role, "shareLiveLocation") ? shareLiveLocationAction : undefined}
        canAddVehicles={canDo(user.role, "editVehicles")}
      />
    </Suspense>
  );
};

export default Page;
