import { setDutyStatusEndpoint } from "@/lib/interfaces/fleet-api/endpoints/hos-duty-status";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { POST } = route(setDutyStatusEndpoint);
