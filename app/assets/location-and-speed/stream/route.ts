import { locationAndSpeedStreamEndpoint } from "@/lib/interfaces/fleet-api/endpoints/location-and-speed";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(locationAndSpeedStreamEndpoint);
