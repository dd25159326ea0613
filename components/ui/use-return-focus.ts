"use client";

import { useEffect } from "react";

/**
 * While the calling component (a dialog, a panel) is mounted, remembers what had focus when it
 * opened; when it closes, gives focus back there, or to the page's main region if that is gone
 * (a revoked key's row), so keyboard users are not dropped at the top of the document.
 */
export const useReturnFocus = () => {
  useEffect(() => {
    const opener = document.activeElement;
    return () => {
      const target = opener instanceof HTMLElement && opener.isConnected && opener !== document.body ? opener : document.getElementById("main");
      target?.focus({ preventScroll: true });
    };
  }, []);
};
