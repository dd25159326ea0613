import { requireUser } from "@/app/_server/session";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { DEFAULT_OVERLAP_HOURS, listCameraSecrets, MAX_OVERLAP_HOURS } from "@/lib/ingestion/camera/camera-secrets";
import { listClientKeys } from "@/lib/access/client-keys";
import { PartnerCredentialsPageClient } from "./page-client";

export const metadata = { title: "Partner credentials" };

const Page = async () => {
  const user = await requireUser(SECTIONS.partnerCredentials.roles);
  const [clientKeys, cameraSecrets] = await Promise.all([listClientKeys({ companyId: user.companyId }), listCameraSecrets({ companyId: user.companyId })]);
  return (
    <PartnerCredentialsPageClient
      clientKeys={clientKeys}
      cameraSecrets={cameraSecrets}
      now={new Date().toISOString()}
      overlap={{ defaultHours: DEFAULT_OVERLAP_HOURS, maxHours: MAX_OVERLAP_HOURS }}
    />
  );
};

export default Page;
