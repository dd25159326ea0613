import { requireUser } from "@/app/_server/session";
import { ComingSoon } from "@/components/shell/coming-soon";
import { rolesFor } from "@/components/shell/nav-sections";

export const metadata = { title: "Stats" };

const Page = async () => {
  await requireUser(rolesFor("/stats"));
  return <ComingSoon title="Stats">Fuel level, engine RPM, odometer, engine hours and speed over time, with fault codes on the timeline.</ComingSoon>;
};

export default Page;
