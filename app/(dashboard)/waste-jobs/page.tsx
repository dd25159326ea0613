import { requireUser } from "@/app/_server/session";
import { ComingSoon } from "@/components/shell/coming-soon";
import { rolesFor } from "@/components/shell/nav-sections";

export const metadata = { title: "Waste jobs" };

const Page = async () => {
  await requireUser(rolesFor("/waste-jobs"));
  return <ComingSoon title="Waste jobs">Scheduled, assigned and completed waste jobs with filters, counts by status and export.</ComingSoon>;
};

export default Page;
