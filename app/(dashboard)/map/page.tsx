import { Suspense } from "react";
import { requireUser } from "@/app/_server/session";
import { rolesFor } from "@/components/shell/nav-sections";
import { LiveMapScreen } from "@/components/map/live-map-screen";
import { getMapTiles } from "@/lib/dashboard/map-tiles";

export const metadata = { title: "Live map" };

const Page = async () => {
  await requireUser(rolesFor("/map"));
  const { tileUrl, attribution } = getMapTiles();
  return (
    <Suspense>
      <LiveMapScreen tileUrl={tileUrl} attribution={attribution} />
    </Suspense>
  );
};

export default Page;
