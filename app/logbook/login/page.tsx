import { redirect } from "next/navigation";
import { getSessionDriver } from "@/app/_server/driver-session";
import { DriverLoginForm } from "./driver-login-form";

export const metadata = { title: "Driver sign-in" };
export const dynamic = "force-dynamic";

const DriverLoginPage = async () => {
  if (await getSessionDriver()) redirect("/logbook");
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
        <DriverLoginForm />
      </div>
    </main>
  );
};

export default DriverLoginPage;
