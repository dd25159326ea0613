import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { operatorActor } from "@/lib/platform/audit";
import { sessionClaimsOf } from "@/lib/access/auth/session-claims";
import { getSecret } from "@/lib/platform/config";
import { updateDriver } from "@/lib/fleet/drivers/save-driver";
import { authenticateDriver, setDriverSecret } from "@/lib/hos/logbook/driver-logins";
import { resetRateLimits } from "../../helpers/fleet-request";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { addVehicleAndDriver } from "./logbook-fixtures";

const browser = { cookie: "" };
vi.mock("next/headers", () => ({ headers: async () => new Headers({ cookie: browser.cookie }) }));
const { getSessionDriver } = await import("@/app/_server/driver-session");

const database = useTestDatabase();
let demo = 0;
const manager = operatorActor("test manager");

beforeAll(async () => {
  ({ demoCompanyId: demo } = await seedTestCompanies({ db: database().db, liveVehicles: 1 }));
});

const tenant = () => ({ db: database().db, companyId: demo, dataset: "live" as const });

/** Signs the driver in as the logbook's sign-in does and keeps the session cookie it would set. */
const signInAs = async (username: string, secret: string) => {
  await resetRateLimits(database().db);
  const driver = await authenticateDriver({ username, secret, ip: "192.0.2.90" });
  const token = sessionClaimsOf({ driver });
  browser.cookie = `next-auth.session-token=${await encode({ token, secret: getSecret("AUTH_SECRET") })}`;
};

describe("a driver's logbook session (issue 33, hole 10)", () => {
  it("ends when the driver's PIN changes", async () => {
    const { driver } = await addVehicleAndDriver({ db: database().db, companyId: demo });
    await setDriverSecret({ ...tenant(), driverId: driver!.id, secret: "482137", actor: manager });
    await signInAs(driver!.username, "482137");
    expect(await getSessionDriver()).toMatchObject({ driverId: driver!.id });
    await setDriverSecret({ ...tenant(), driverId: driver!.id, secret: "903456", actor: manager });
    expect(await getSessionDriver()).toBeNull();
    // Signing in with the new PIN gives a session that counts.
    await signInAs(driver!.username, "903456");
    expect(await getSessionDriver()).toMatchObject({ driverId: driver!.id });
  });

  it("ends when the driver is deactivated, and stays ended after reactivation", async () => {
    const { driver } = await addVehicleAndDriver({ db: database().db, companyId: demo });
    await setDriverSecret({ ...tenant(), driverId: driver!.id, secret: "a driver password", actor: manager });
    await signInAs(driver!.username, "a driver password");
    expect(await getSessionDriver()).toMatchObject({ driverId: driver!.id });
    await updateDriver({ ...tenant(), driverId: driver!.id, input: { driverActivationStatus: "deactivated" }, actor: manager });
    expect(await getSessionDriver()).toBeNull();
    await updateDriver({ ...tenant(), driverId: driver!.id, input: { driverActivationStatus: "active" }, actor: manager });
    expect(await getSessionDriver()).toBeNull();
  });
});
