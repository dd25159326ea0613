import Link from "next/link";

/** The page a refused invite or reset link shows (404 for a forged link, 403 for a used or expired one). */
export const LinkRefused = ({ title, children }: { title: string; children: string }) => (
  <main className="login-screen">
    <div className="login-card">
      <h1>{title}</h1>
      <p>{children}</p>
      <Link href="/login">Go to sign-in</Link>
    </div>
  </main>
);
