import { Suspense } from "react";
import { requireUser } from "@/app/_server/session";
import { rolesFor } from "@/components/shell/nav-sections";
import { StatsScreen } from "@/components/stats/stats-screen";

export const metadata = { title: "Stats" };

const Page = async () => {
  await requireUser(rolesFor("/stats"));
  return (
    <Suspense>
      <StatsScreen />
    </Suspense>
  );
};

export default Page;
