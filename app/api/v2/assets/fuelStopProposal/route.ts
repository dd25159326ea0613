import { fuelStopProposalEndpoint } from "@/lib/legacy-api/endpoints/fuel-stops";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { POST } = route(fuelStopProposalEndpoint);
