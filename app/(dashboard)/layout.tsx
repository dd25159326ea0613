import type { ReactNode } from "react";
// Every dashboard page's shared styles (page grid, cards-on-phone tables): loaded here once, so no page can miss them.
import "@/components/dashboard/dashboard-pages.css";
import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { AppShell } from "@/components/shell/app-shell";
import { Providers } from "@/components/providers";
import { visibleSections } from "@/lib/access/auth/role-policy";

export const dynamic = "force-dynamic";

const DashboardLayout = async ({ children }: { children: ReactNode }) => {
  const user = await requireUser();
  const { modules, timeZone, distanceUnit, hosRules } = await companySettings(user.companyId);
  return (
    <Providers timeZone={timeZone} distanceUnit={distanceUnit} hosTracked={hosRules !== "none"}>
      <AppShell user={user} sections={visibleSections({ role: user.role, modules })}>
        {children}
      </AppShell>
    </Providers>
  );
};

export default DashboardLayout;
