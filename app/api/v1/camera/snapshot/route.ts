import { cameraSnapshotEndpoint } from "@/lib/legacy-api/endpoints/camera";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { POST } = route(cameraSnapshotEndpoint);
