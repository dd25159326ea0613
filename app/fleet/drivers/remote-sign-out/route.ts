import { remoteSignOutDriverEndpoint } from "@/lib/interfaces/fleet-api/endpoints/drivers";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { POST } = route(remoteSignOutDriverEndpoint);
