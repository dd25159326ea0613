import { forbidden } from "next/navigation";
import { checkSetupToken } from "@/lib/access/companies/setup-token";
import { AuthCard } from "@/components/account/auth-card";
import { SetupForm } from "./setup-form";

export const metadata = { title: "Set up your fleet" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** First run: the link the console printed opens this page once; anyone else gets a 403. */
const SetupPage = async ({ searchParams }: Props) => {
  const { token } = await searchParams;
  if (typeof token !== "string" || (await checkSetupToken({ token })).refusedBecause) forbidden();
  return (
    <AuthCard title="Set up your fleet">
      <p className="muted">Create your company and its first admin. This link works once.</p>
      <SetupForm token={token} />
    </AuthCard>
  );
};

export default SetupPage;
