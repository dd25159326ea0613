import { dvirPdfEndpoint } from "@/app/_endpoints/dashboard/inspection-photos";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(dvirPdfEndpoint);
