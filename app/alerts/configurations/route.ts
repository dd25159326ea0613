import {
  createAlertConfigurationEndpoint,
  deleteAlertConfigurationEndpoint,
  listAlertConfigurationsEndpoint,
  patchAlertConfigurationEndpoint,
} from "@/lib/interfaces/fleet-api/endpoints/alerts";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PATCH, DELETE } = route(
  listAlertConfigurationsEndpoint,
  createAlertConfigurationEndpoint,
  patchAlertConfigurationEndpoint,
  deleteAlertConfigurationEndpoint,
);
