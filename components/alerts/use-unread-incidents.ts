"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { fetchJson } from "@/components/dashboard/fetch-json";

/**
 * The inbox and the header's badge refetch when the incident stream says something changed; this
 * slow poll only covers a stream that cannot connect (a proxy that buffers, a dropped instance).
 */
export const INCIDENT_POLL_MS = 60_000;

export const UNREAD_QUERY_KEY = ["alerts", "unread"] as const;

/**
 * Follows the company's incident stream (/api/dashboard/alerts/stream) while mounted: each
 * `incident` event, and each (re)connection, refetches every alerts query (the badge's count, the
 * inbox's lists). EventSource reconnects by itself after a drop.
 */
const useIncidentStream = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/dashboard/alerts/stream");
    const refetch = () => void queryClient.invalidateQueries({ queryKey: ["alerts"] });
    source.addEventListener("incident", refetch);
    // The stream tells of changes from its (re)connection on: one refetch then covers an incident raised
    // between the page's first fetch and the stream's connection, or while it was dropped.
    source.addEventListener("open", refetch);
    return () => source.close();
  }, [queryClient]);
};

/** The unread incident count, pushed (see useIncidentStream). The header mounts it on every page. */
export const useUnreadIncidents = () => {
  useIncidentStream();
  return useQuery({
    queryKey: UNREAD_QUERY_KEY,
    queryFn: ({ signal }) => fetchJson<{ unread: number }>("/api/dashboard/alerts/unread", signal),
    refetchInterval: INCIDENT_POLL_MS,
  });
};
