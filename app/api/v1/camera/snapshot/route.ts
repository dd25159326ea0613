import { cameraSnapshotEndpoint } from "@/lib/interfaces/legacy-api/endpoints/camera";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { POST } = route(cameraSnapshotEndpoint);
