import { updateEngineImmobilizerEndpoint } from "@/lib/interfaces/fleet-api/endpoints/engine-immobilizer";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { PATCH } = route(updateEngineImmobilizerEndpoint);
