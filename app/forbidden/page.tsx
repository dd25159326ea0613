import Link from "next/link";

export const metadata = { title: "Not allowed" };

const ForbiddenPage = () => (
  <main className="login-screen">
    <div className="login-card">
      <h1>Not allowed</h1>
      <p className="muted">Your role does not give access to that page. Ask an admin of your company if you need it.</p>
      <Link href="/map">Back to the live map</Link>
    </div>
  </main>
);

export default ForbiddenPage;
