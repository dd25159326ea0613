import { Link } from "@/components/ui/link";
import { AuthCard } from "@/components/account/auth-card";

/** What forbidden() renders, with status 403: a page this request may not open (the setup page without a valid link). */
const Forbidden = () => (
  <AuthCard title="Not allowed" branded={false}>
    <p className="muted">
      This link is not valid: it was used already, it has expired, or it was never issued. Sign in instead, or ask whoever runs this service for a new link.
    </p>
    <Link href="/login">Sign in</Link>
  </AuthCard>
);

export default Forbidden;
