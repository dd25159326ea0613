"use client";

import NextLink from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * The one link of the dashboard: Next's `Link`, prefetching its page only once a person shows intent
 * (the pointer on it, keyboard focus, a touch) instead of whenever it scrolls into view. A dashboard page
 * shows the section menu and tables of links: viewport prefetching made every page view 50–100 more
 * server renders, one per visible link (docs/decisions.md, "Links prefetch on intent"). An explicit
 * `prefetch` is kept as given. Next's documented hover-prefetch pattern, extended to focus and touch.
 */
export const Link = ({ prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: ComponentProps<typeof NextLink>) => {
  const [intent, setIntent] = useState(false);
  const showIntent = () => setIntent(true);
  return (
    <NextLink
      {...props}
      prefetch={prefetch ?? (intent ? null : false)}
      onMouseEnter={(event) => {
        showIntent();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        showIntent();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        showIntent();
        onTouchStart?.(event);
      }}
    />
  );
};
