"use client";

import { useUnreadIncidents } from "./use-unread-incidents";

/** The header's link to the inbox with the unread count; it updates without a reload. */
export const UnreadAlertsBadge = () => {
  const { data } = useUnreadIncidents();
  const unread = data?.unread ?? 0;
  return (
    // The visible words are the start of the link's name (WCAG 2.5.3): "Alerts 3 unread".
    <a href="/alerts/inbox" className={unread > 0 ? "unread-badge" : "unread-badge none"} data-testid="unread-alerts">
      <span>Alerts</span>
      <span>{unread}</span>
      <span className="visually-hidden"> unread</span>
    </a>
  );
};
