import { requireUser } from "@/app/_server/session";
import { ComingSoon } from "@/components/shell/coming-soon";
import { rolesFor } from "@/components/shell/nav-sections";

export const metadata = { title: "Playback" };

const Page = async () => {
  await requireUser(rolesFor("/playback"));
  return <ComingSoon title="Playback">A vehicle's route over a time range, with stops, play controls and a synced speed chart.</ComingSoon>;
};

export default Page;
