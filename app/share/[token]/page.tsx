import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { getMapTiles } from "@/lib/dashboard/view/map-tiles";
import { isAppError } from "@/lib/platform/errors";
import { getSharedVehicle } from "@/lib/live/shares/shared-position";
import { SharedVehicleScreen } from "./page-client";

export const dynamic = "force-dynamic";

// A shared link is for the person it was sent to: never in a search index.
export const metadata: Metadata = { title: "Live location", robots: { index: false, follow: false } };

/** A live sharing link's public page: no sign-in, one vehicle's live position and nothing else. */
const SharePage = async ({ params }: { params: Promise<{ token: string }> }) => {
  const { token } = await params;
  const shared = await getSharedVehicle({ db: getDb(), token }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "not_found") return null;
    throw error;
  });
  const { tileUrl, attribution } = getMapTiles();
  return <SharedVehicleScreen token={token} shared={shared} tileUrl={tileUrl} attribution={attribution} />;
};

export default SharePage;
