import { redirect } from "next/navigation";
import { getSessionDriver } from "@/app/_server/driver-session";
import { AuthCard } from "@/components/account/auth-card";
import { DriverLoginForm } from "./driver-login-form";

export const metadata = { title: "Driver sign-in" };
export const dynamic = "force-dynamic";

const DriverLoginPage = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  if (await getSessionDriver()) redirect("/logbook");
  // The logbook link a carrier hands a driver names them (Drivers → the driver's page).
  const { username } = await searchParams;
  return (
    <AuthCard title="Driver logbook">
      <DriverLoginForm username={typeof username === "string" ? username.slice(0, 100) : ""} />
    </AuthCard>
  );
};

export default DriverLoginPage;
