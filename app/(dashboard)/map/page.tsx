import { requireUser } from "@/app/_server/session";
import { ComingSoon } from "@/components/shell/coming-soon";
import { rolesFor } from "@/components/shell/nav-sections";

export const metadata = { title: "Live map" };

const Page = async () => {
  await requireUser(rolesFor("/map"));
  return <ComingSoon title="Live map">Every vehicle at its latest position, coloured by state, with a searchable side list and a vehicle panel.</ComingSoon>;
};

export default Page;
