import { fuelStopProposalEndpoint } from "@/lib/interfaces/legacy-api/endpoints/fuel-stops";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { POST } = route(fuelStopProposalEndpoint);
