import { Suspense } from "react";
import { requireUser } from "@/app/_server/session";
import { SECTIONS } from "@/lib/auth/role-policy";
import { LiveMapScreen } from "@/components/map/live-map-screen";
import { getMapTiles } from "@/lib/dashboard/map-tiles";

export const metadata = { title: "Live map" };

const Page = async () => {
  await requireUser(SECTIONS.map.roles);
  const { tileUrl, attribution } = getMapTiles();
  return (
    <Suspense>
      <LiveMapScreen tileUrl={tileUrl} attribution={attribution} />
    </Suspense>
  );
};

export default Page;
