import type { ReactNode } from "react";

/** A loading, empty or error message in the middle of a screen area. */
export const Notice = ({ kind, title, children, action }: { kind: "loading" | "empty" | "error"; title: string; children?: ReactNode; action?: ReactNode }) => (
  <div
    className={`notice notice-${kind}`}
    role={kind === "error" ? "alert" : "status"}
    aria-busy={kind === "loading" || undefined}
    data-testid={`notice-${kind}`}
  >
    {kind === "loading" ? <span className="spinner" aria-hidden /> : null}
    <strong>{title}</strong>
    {children ? <div className="muted">{children}</div> : null}
    {action}
  </div>
);
