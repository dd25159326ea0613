import { requireUser } from "@/app/_server/session";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { InboxPageClient } from "./page-client";

export const metadata = { title: "Alerts" };

const Page = async () => {
  await requireUser(SECTIONS.alertInbox.roles);
  return (
    <>
      <LocalDataNotice subject="Alerts" reason="alert incidents are raised and kept by this service." />
      <InboxPageClient />
    </>
  );
};

export default Page;
