"use client";

import { useUnreadIncidents } from "./use-unread-incidents";

/** The header's link to the inbox with the unread count; it updates without a reload. */
export const UnreadAlertsBadge = () => {
  const { data } = useUnreadIncidents();
  const unread = data?.unread ?? 0;
  return (
    <a href="/alerts/inbox" className={unread > 0 ? "unread-badge" : "unread-badge none"} data-testid="unread-alerts" aria-label={`Alerts: ${unread} unread`}>
      <span aria-hidden="true">Alerts</span>
      <span aria-hidden="true">{unread}</span>
    </a>
  );
};
