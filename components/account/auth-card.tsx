import type { ReactNode } from "react";

/** The card every page outside the dashboard stands in (sign-in, setup, links from e-mail), with the brand when it is a form. */
export const AuthCard = ({ title, branded = true, children }: { title: ReactNode; branded?: boolean; children: ReactNode }) => (
  <main className="login-screen">
    <div className="login-card">
      {branded && (
        <div className="brand">
          <span className="brand-mark" aria-hidden>
            ◆
          </span>{" "}
          Fleet Telematics
        </div>
      )}
      <h1>{title}</h1>
      {children}
    </div>
  </main>
);
