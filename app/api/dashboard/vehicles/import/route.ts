import { importVehiclesEndpoint } from "@/app/_endpoints/dashboard/vehicle-import";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { POST } = route(importVehiclesEndpoint);
