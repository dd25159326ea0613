"use client";

import { signOut } from "next-auth/react";

export const SignOutButton = () => (
  <button type="button" className="button-ghost" onClick={() => signOut({ callbackUrl: "/login" })}>
    Sign out
  </button>
);
