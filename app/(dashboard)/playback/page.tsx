import { Suspense } from "react";
import { requireUser } from "@/app/_server/session";
import { PlaybackScreen } from "@/components/playback/playback-screen";
import { rolesFor } from "@/components/shell/nav-sections";
import { getMapTiles } from "@/lib/dashboard/map-tiles";

export const metadata = { title: "Playback" };

const Page = async () => {
  await requireUser(rolesFor("/playback"));
  const { tileUrl, attribution } = getMapTiles();
  return (
    <Suspense>
      <PlaybackScreen tileUrl={tileUrl} attribution={attribution} />
    </Suspense>
  );
};

export default Page;
