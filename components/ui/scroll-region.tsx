import type { ReactNode } from "react";

/**
 * A wide table that scrolls sideways inside the page on narrow screens: a named region keyboard
 * users can focus and scroll with the arrow keys, so the page itself never scrolls sideways.
 */
export const ScrollRegion = ({ label, className = "table-wrap", children }: { label: string; className?: string; children: ReactNode }) => (
  <div className={className} role="region" aria-label={label} tabIndex={0}>
    {children}
  </div>
);
