import { locationAndSpeedStreamEndpoint } from "@/lib/fleet-api/endpoints/location-and-speed";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET } = route(locationAndSpeedStreamEndpoint);
