import { getOrganizationEndpoint } from "@/lib/fleet-api/endpoints/organization";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET } = route(getOrganizationEndpoint);
