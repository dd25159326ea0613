import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { getSessionUser } from "@/app/_server/session";
import { AuthCard } from "@/components/account/auth-card";
import { LoginForm } from "./login-form";

export const metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

const LoginPage = async ({ searchParams }: { searchParams: Promise<{ setup?: string }> }) => {
  if (await getSessionUser()) redirect("/map");
  const justSetUp = (await searchParams).setup === "done";
  return (
    <AuthCard title="Sign in">
      {justSetUp && (
        <p role="status" className="form-success">
          Your company is set up. Sign in with the e-mail and password you just chose.
        </p>
      )}
      <LoginForm />
      <p className="muted small">
        <Link href="/forgot-password">Forgot your password?</Link>
      </p>
      <p className="muted small">
        A driver? <Link href="/logbook/login">Sign in to your logbook</Link>
      </p>
    </AuthCard>
  );
};

export default LoginPage;
