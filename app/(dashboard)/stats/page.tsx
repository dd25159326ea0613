import { Suspense } from "react";
import { requireUser } from "@/app/_server/session";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { StatsScreen } from "@/components/stats/stats-screen";

export const metadata = { title: "Stats" };

const Page = async () => {
  await requireUser(SECTIONS.stats.roles);
  return (
    <Suspense>
      <StatsScreen />
    </Suspense>
  );
};

export default Page;
