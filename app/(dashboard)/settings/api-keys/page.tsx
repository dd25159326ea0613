import { requireUser } from "@/app/_server/session";
import { ComingSoon } from "@/components/shell/coming-soon";
import { rolesFor } from "@/components/shell/nav-sections";

export const metadata = { title: "API keys" };

const Page = async () => {
  await requireUser(rolesFor("/settings/api-keys"));
  return <ComingSoon title="API keys">Scoped keys for the public fleet interface, shown once at creation, with revocation and an audit trail.</ComingSoon>;
};

export default Page;
