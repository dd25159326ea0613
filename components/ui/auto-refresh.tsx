"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** Reloads the page's server data every few seconds, for a page showing what changes without the user (the vehicle's duty status, a device's answer). */
export const AutoRefresh = ({ everyMs = 5_000 }: { everyMs?: number }) => {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs]);
  return null;
};
