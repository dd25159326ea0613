"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useActionCall } from "@/components/ui/use-action-call";
import { INCIDENT_POLL_MS, UNREAD_QUERY_KEY } from "@/components/alerts/use-unread-incidents";
import { fetchJson } from "@/components/dashboard/fetch-json";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { useTimeZone } from "@/components/ui/time-zone";
import type { InboxFilter } from "@/lib/processing/alerts/list-incidents";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { markIncidentsReadAction } from "../actions";
import { ClientButton } from "@/components/ui/client-button";

type Incident = {
  id: number;
  ruleName: string;
  vehicleName: string;
  placeName: string | null;
  description: string;
  latitude: number | null;
  longitude: number | null;
  startedAt: string;
  endedAt: string | null;
  isRead: boolean;
};

const FILTERS: { value: InboxFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "open", label: "Open" },
  { value: "closed", label: "Closed" },
  { value: "unread", label: "Unread" },
];

/** The incidents inbox: polled every few seconds, so a new incident appears without a reload. */
export const InboxPageClient = () => {
  const [filter, setFilter] = useState<InboxFilter>("all");
  const { run, pending: isPending, message } = useActionCall();
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const { data, error } = useQuery({
    queryKey: ["alerts", "incidents", filter],
    queryFn: ({ signal }) => fetchJson<{ incidents: Incident[] }>(`/api/dashboard/alerts/incidents?filter=${filter}`, signal),
    refetchInterval: INCIDENT_POLL_MS,
  });
  const markRead = (ids: number[] | null) =>
    run(
      () => markIncidentsReadAction(ids),
      () => {
        void queryClient.invalidateQueries({ queryKey: ["alerts"] });
        void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
        return ids ? "Marked read." : "All marked read.";
      },
    );
  const incidents = data?.incidents ?? [];
  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Alerts</h1>
          <p className="muted">Incidents raised by your alert rules. An incident closes by itself when its condition clears.</p>
        </div>
        <ClientButton className="button-primary" onClick={() => markRead(null)} disabled={isPending}>
          Mark all read
        </ClientButton>
      </div>
      <div className="filters" role="group" aria-label="Show">
        {FILTERS.map((option) => (
          <ClientButton key={option.value} className="button" aria-pressed={filter === option.value} onClick={() => setFilter(option.value)}>
            {option.label}
          </ClientButton>
        ))}
      </div>
      {message && (
        <p role="status" className="form-message">
          {message}
        </p>
      )}
      {error && <p role="alert">{error.message}</p>}
      <ScrollRegion label="Incidents">
        <table className="data cards-on-phone" data-testid="incidents">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Rule</th>
              <th scope="col">Vehicle</th>
              <th scope="col">What</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {incidents.map((incident) => (
              <tr key={incident.id} className={incident.isRead ? undefined : "inbox-item-unread"} data-testid="incident">
                <td data-label="Started">{formatDateTime(new Date(incident.startedAt), timeZone)}</td>
                <td data-label="Rule">{incident.ruleName}</td>
                <td data-label="Vehicle">{incident.vehicleName}</td>
                <td data-label="What">{incident.description}</td>
                <td data-label="Status">{incident.endedAt ? `Closed ${formatDateTime(new Date(incident.endedAt), timeZone)}` : "Open"}</td>
                <td data-label="Actions">
                  {!incident.isRead && (
                    <ClientButton
                      className="button"
                      onClick={() => markRead([incident.id])}
                      disabled={isPending}
                      aria-label={`Mark ${incident.ruleName} on ${incident.vehicleName} read`}
                    >
                      Mark read
                    </ClientButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {data && incidents.length === 0 && <p className="muted">No incidents here.</p>}
    </section>
  );
};
