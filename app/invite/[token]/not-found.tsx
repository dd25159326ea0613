import { LinkRefused } from "@/components/account/link-refused";

export const metadata = { title: "Link not valid" };

const InviteNotFound = () => (
  <LinkRefused title="This link is not valid">Check that you copied all of it, or ask an admin of your company for a new invite.</LinkRefused>
);

export default InviteNotFound;
