"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SessionProvider } from "next-auth/react";
import { useState, type ReactNode } from "react";
import { TimeZoneProvider } from "./ui/time-zone";

export const Providers = ({ timeZone, children }: { timeZone: string; children: ReactNode }) => {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1 } } }));
  return (
    <SessionProvider>
      <QueryClientProvider client={queryClient}>
        <TimeZoneProvider value={timeZone}>{children}</TimeZoneProvider>
      </QueryClientProvider>
    </SessionProvider>
  );
};
