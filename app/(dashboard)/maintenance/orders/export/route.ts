import { workOrdersExportEndpoint } from "@/app/_endpoints/dashboard/downloads";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(workOrdersExportEndpoint);
