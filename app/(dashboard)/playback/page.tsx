import { Suspense } from "react";
import { requireUser } from "@/app/_server/session";
import { PlaybackScreen } from "@/components/playback/playback-screen";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { getMapTiles } from "@/lib/dashboard/view/map-tiles";
import { getDb } from "@/db/client";
import { findMapStart } from "@/lib/fleet/places/map-start";

export const metadata = { title: "Playback" };

const Page = async () => {
  const user = await requireUser(SECTIONS.playback.roles);
  const { tileUrl, attribution } = getMapTiles();
  const start = await findMapStart({ db: getDb(), companyId: user.companyId, dataset: "live" });
  return (
    <Suspense>
      <PlaybackScreen tileUrl={tileUrl} attribution={attribution} start={start} />
    </Suspense>
  );
};

export default Page;
