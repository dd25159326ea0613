import { redirect } from "next/navigation";
import { getSessionDriver } from "@/app/_server/driver-session";
import { DriverLoginForm } from "./driver-login-form";

export const metadata = { title: "Driver sign-in" };
export const dynamic = "force-dynamic";

const DriverLoginPage = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  if (await getSessionDriver()) redirect("/logbook");
  // The logbook link a carrier hands a driver names them (Drivers → the driver's page).
  const { username } = await searchParams;
  return (
    <main className="login-screen">
      <div className="login-card">
        <div className="brand">
          <span className="brand-mark" aria-hidden>
            ◆
          </span>{" "}
          Fleet Telematics
        </div>
        <h1>Driver logbook</h1>
        <DriverLoginForm username={typeof username === "string" ? username.slice(0, 100) : ""} />
      </div>
    </main>
  );
};

export default DriverLoginPage;
