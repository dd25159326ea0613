import { LinkRefused } from "@/components/account/link-refused";

export const metadata = { title: "Link no longer works" };

const ResetForbidden = () => (
  <LinkRefused title="This reset link no longer works">
    A reset link works once and for an hour: this one was already used or has expired. Ask for a new one.
  </LinkRefused>
);

export default ResetForbidden;
