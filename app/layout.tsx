import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Fleet Telematics", template: "%s · Fleet Telematics" },
  description: "Live vehicles, history, hours of service and fleet operations.",
};

/**
 * Every page renders per request: the CSP's script nonce is new each time (proxy.ts), and Next can put
 * it on its scripts only while rendering one. A page built ahead would carry scripts the CSP refuses.
 */
const RootLayout = async ({ children }: { children: ReactNode }) => {
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
};

export default RootLayout;
