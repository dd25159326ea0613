"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SessionProvider } from "next-auth/react";
import { useMemo, useState, type ReactNode } from "react";
import type { DistanceUnit } from "@/lib/platform/units";
import { CompanyUnitsProvider } from "./ui/company-units";
import { TimeZoneProvider } from "./ui/time-zone";

type ProvidersProps = { timeZone: string; distanceUnit: DistanceUnit; hosTracked: boolean; children: ReactNode };

export const Providers = ({ timeZone, distanceUnit, hosTracked, children }: ProvidersProps) => {
  const units = useMemo(() => ({ distanceUnit, hosTracked }), [distanceUnit, hosTracked]);
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1 } } }));
  return (
    <SessionProvider>
      <QueryClientProvider client={queryClient}>
        <TimeZoneProvider value={timeZone}>
          <CompanyUnitsProvider value={units}>{children}</CompanyUnitsProvider>
        </TimeZoneProvider>
      </QueryClientProvider>
    </SessionProvider>
  );
};
