import { setDutyStatusEndpoint } from "@/lib/fleet-api/endpoints/hos-duty-status";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { POST } = route(setDutyStatusEndpoint);
