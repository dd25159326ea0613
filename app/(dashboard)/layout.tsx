import type { ReactNode } from "react";
import { requireUser } from "@/app/_server/session";
import { AppShell } from "@/components/shell/app-shell";
import { Providers } from "@/components/providers";

export const dynamic = "force-dynamic";

const DashboardLayout = async ({ children }: { children: ReactNode }) => {
  const user = await requireUser();
  return (
    <Providers>
      <AppShell user={user}>{children}</AppShell>
    </Providers>
  );
};

export default DashboardLayout;
