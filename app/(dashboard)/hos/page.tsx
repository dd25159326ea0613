import { requireUser } from "@/app/_server/session";
import { ComingSoon } from "@/components/shell/coming-soon";
import { rolesFor } from "@/components/shell/nav-sections";

export const metadata = { title: "Hours of service" };

const Page = async () => {
  await requireUser(rolesFor("/hos"));
  return <ComingSoon title="Hours of service">Every driver's duty status and drive, shift, break and cycle clocks, log graphs and violations.</ComingSoon>;
};

export default Page;
