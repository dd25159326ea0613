"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/components/dashboard/fetch-json";

/** How often the inbox and the header's badge ask again (until the live push stream carries incidents). */
export const INCIDENT_POLL_MS = 3_000;

export const UNREAD_QUERY_KEY = ["alerts", "unread"] as const;

/** The unread incident count, polled. */
export const useUnreadIncidents = () =>
  useQuery({ queryKey: UNREAD_QUERY_KEY, queryFn: ({ signal }) => fetchJson<{ unread: number }>("/api/dashboard/alerts/unread", signal), refetchInterval: INCIDENT_POLL_MS });
