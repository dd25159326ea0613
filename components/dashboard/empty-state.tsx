import type { ReactNode } from "react";

/** What a list shows when there is nothing to list, saying why and what to do. */
export const EmptyState = ({ title, children }: { title: string; children?: ReactNode }) => (
  <div className="empty-state" role="status">
    <strong>{title}</strong>
    {children && <p className="muted">{children}</p>}
  </div>
);
