import { issueAdminTokenEndpoint } from "@/lib/interfaces/admin-api/endpoints";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { POST } = route(issueAdminTokenEndpoint);
