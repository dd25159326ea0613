import { getComplianceSettingsEndpoint, patchComplianceSettingsEndpoint } from "@/lib/interfaces/fleet-api/endpoints/compliance-settings";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH } = route(getComplianceSettingsEndpoint, patchComplianceSettingsEndpoint);
