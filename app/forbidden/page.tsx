import { Link } from "@/components/ui/link";
import { AuthCard } from "@/components/account/auth-card";

export const metadata = { title: "Not allowed" };

const ForbiddenPage = () => (
  <AuthCard title="Not allowed" branded={false}>
    <p className="muted">Your role does not give access to that page. Ask an admin of your company if you need it.</p>
    <Link href="/map">Back to the live map</Link>
  </AuthCard>
);

export default ForbiddenPage;
