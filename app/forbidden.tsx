import Link from "next/link";

/** What forbidden() renders, with status 403: a page this request may not open (the setup page without a valid link). */
const Forbidden = () => (
  <main className="login-screen">
    <div className="login-card">
      <h1>Not allowed</h1>
      <p className="muted">
        This link is not valid: it was used already, it has expired, or it was never issued. Sign in instead, or ask whoever runs this service for a new link.
      </p>
      <Link href="/login">Sign in</Link>
    </div>
  </main>
);

export default Forbidden;
