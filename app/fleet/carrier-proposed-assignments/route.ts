import { createCarrierProposalEndpoint, listCarrierProposalsEndpoint } from "@/lib/interfaces/fleet-api/endpoints/carrier-proposed-assignments";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(listCarrierProposalsEndpoint, createCarrierProposalEndpoint);
