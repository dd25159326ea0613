import { remoteSignOutDriverEndpoint } from "@/lib/fleet-api/endpoints/drivers";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { POST } = route(remoteSignOutDriverEndpoint);
