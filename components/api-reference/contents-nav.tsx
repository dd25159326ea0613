"use client";

import { useEffect, useRef, type ReactNode } from "react";

/**
 * The contents' navigation landmark. On an operation's page it scrolls its own column (the sticky one of wide
 * screens) to show the current operation, which would otherwise often sit below the column's first screen.
 */
export const ContentsNav = ({ label, className, children }: { label: string; className: string; children: ReactNode }) => {
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    // On narrow screens the operations are hidden (no offsetParent) and the column does not scroll.
    if (!nav.current || !current?.offsetParent) return;
    nav.current.scrollTop = current.offsetTop - nav.current.clientHeight / 2;
  }, []);
  return (
    <nav ref={nav} className={className} aria-label={label}>
      {children}
    </nav>
  );
};
