import { LinkRefused } from "@/components/account/link-refused";

export const metadata = { title: "Link not valid" };

const ResetNotFound = () => <LinkRefused title="This link is not valid">Check that you copied all of it, or ask for a new password reset link.</LinkRefused>;

export default ResetNotFound;
