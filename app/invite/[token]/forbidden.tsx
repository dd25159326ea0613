import { LinkRefused } from "@/components/account/link-refused";

export const metadata = { title: "Link no longer works" };

const InviteForbidden = () => (
  <LinkRefused title="This invite no longer works">
    An invite works once and for 7 days: this one was already used or has expired. Ask an admin of your company for a new one, or sign in if you already joined.
  </LinkRefused>
);

export default InviteForbidden;
