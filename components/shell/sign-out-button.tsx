"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { ClientButton } from "@/components/ui/client-button";

export const SignOutButton = () => {
  const router = useRouter();
  const signOutHere = async () => {
    // redirect: false keeps the browser on this origin, whatever NEXTAUTH_URL says.
    await signOut({ redirect: false });
    router.replace("/login");
    router.refresh();
  };
  return (
    <ClientButton className="button-ghost" onClick={signOutHere}>
      Sign out
    </ClientButton>
  );
};
