import { fleetChangesEndpoint } from "@/app/_endpoints/dashboard/fleet";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(fleetChangesEndpoint);
