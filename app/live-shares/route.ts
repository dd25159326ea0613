import {
  createLiveShareEndpoint,
  deleteLiveShareEndpoint,
  listLiveSharesEndpoint,
  updateLiveShareEndpoint,
} from "@/lib/interfaces/fleet-api/endpoints/live-shares";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PATCH, DELETE } = route(listLiveSharesEndpoint, createLiveShareEndpoint, updateLiveShareEndpoint, deleteLiveShareEndpoint);
