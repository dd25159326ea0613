import { forbidden } from "next/navigation";
import { checkSetupToken } from "@/lib/access/companies/setup-token";
import { SetupForm } from "./setup-form";

export const metadata = { title: "Set up your fleet" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** First run: the link the console printed opens this page once; anyone else gets a 403. */
const SetupPage = async ({ searchParams }: Props) => {
  const { token } = await searchParams;
  if (typeof token !== "string" || (await checkSetupToken({ token })).refusedBecause) forbidden();
  return (
    <main className="login-screen">
      <div className="login-card">
        <div className="brand">
          <span className="brand-mark" aria-hidden>
            ◆
          </span>{" "}
          Fleet Telematics
        </div>
        <h1>Set up your fleet</h1>
        <p className="muted">Create your company and its first admin. This link works once.</p>
        <SetupForm token={token} />
      </div>
    </main>
  );
};

export default SetupPage;
