import { Suspense } from "react";
import { requireUser } from "@/app/_server/session";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { LiveMapScreen } from "@/components/map/live-map-screen";
import { shareLiveLocationAction } from "./actions";
import { getMapTiles } from "@/lib/dashboard/view/map-tiles";
import { getDb } from "@/db/client";
import { findMapStart } from "@/lib/fleet/places/map-start";
import { listOutOfServiceVehicles } from "@/lib/fleet/inspections";

export const metadata = { title: "Live map" };

const Page = async () => {
  const user = await requireUser(SECTIONS.map.roles);
  const { tileUrl, attribution } = getMapTiles();
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const [start, outOfService] = await Promise.all([findMapStart(tenant), listOutOfServiceVehicles(tenant)]);
  return (
    <Suspense>
      <LiveMapScreen
        tileUrl={tileUrl}
        attribution={attribution}
        start={start}
        shareAction={canDo(user.role, "shareLiveLocation") ? shareLiveLocationAction : undefined}
        canAddVehicles={canDo(user.role, "editVehicles")}
        outOfServiceIds={outOfService.map((vehicle) => String(vehicle.vehicleId))}
      />
    </Suspense>
  );
};

export default Page;
