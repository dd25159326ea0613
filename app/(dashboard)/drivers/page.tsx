import { requireUser } from "@/app/_server/session";
import { ComingSoon } from "@/components/shell/coming-soon";
import { rolesFor } from "@/components/shell/nav-sections";

export const metadata = { title: "Drivers" };

const Page = async () => {
  await requireUser(rolesFor("/drivers"));
  return <ComingSoon title="Drivers">The company's drivers: search, create, edit and deactivate.</ComingSoon>;
};

export default Page;
