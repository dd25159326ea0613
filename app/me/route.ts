import { getOrganizationEndpoint } from "@/lib/interfaces/fleet-api/endpoints/organization";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(getOrganizationEndpoint);
