import { Link } from "@/components/ui/link";
import { AuthCard } from "@/components/account/auth-card";

/** The page a refused invite or reset link shows (404 for a forged link, 403 for a used or expired one). */
export const LinkRefused = ({ title, children }: { title: string; children: string }) => (
  <AuthCard title={title} branded={false}>
    <p>{children}</p>
    <Link href="/login">Go to sign-in</Link>
  </AuthCard>
);
