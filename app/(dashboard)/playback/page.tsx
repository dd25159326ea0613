import { Suspense } from "react";
import { requireUser } from "@/app/_server/session";
import { PlaybackScreen } from "@/components/playback/playback-screen";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { getMapTiles } from "@/lib/dashboard/view/map-tiles";

export const metadata = { title: "Playback" };

const Page = async () => {
  await requireUser(SECTIONS.playback.roles);
  const { tileUrl, attribution } = getMapTiles();
  return (
    <Suspense>
      <PlaybackScreen tileUrl={tileUrl} attribution={attribution} />
    </Suspense>
  );
};

export default Page;
