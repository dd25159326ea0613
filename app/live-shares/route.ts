import { createLiveShareEndpoint, deleteLiveShareEndpoint, listLiveSharesEndpoint, updateLiveShareEndpoint } from "@/lib/fleet-api/endpoints/live-shares";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PATCH, DELETE } = route(listLiveSharesEndpoint, createLiveShareEndpoint, updateLiveShareEndpoint, deleteLiveShareEndpoint);
