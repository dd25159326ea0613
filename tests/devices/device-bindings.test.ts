import { describe, expect, it } from "vitest";
import { findDeviceVehicle, setVehicleDeviceId } from "@/lib/devices/device-bindings";
import { seedTestCompanies } from "../helpers/seeded";
import { useTestDatabase } from "../helpers/test-database";

const database = useTestDatabase();

describe("device bindings", () => {
  it("moves an identifier between a vehicle and the global lookup together, and refuses one bound elsewhere or another company's vehicle", async () => {
    const { db } = database();
    await seedTestCompanies({ db });
    const first = (await findDeviceVehicle({ db, deviceId: "demo-live-1" }))!;
    const second = (await findDeviceVehicle({ db, deviceId: "demo-live-2" }))!;

    await setVehicleDeviceId({ db, ...first, deviceId: "356307042441013" });
    expect(await findDeviceVehicle({ db, deviceId: "356307042441013" })).toEqual(first);
    expect(await findDeviceVehicle({ db, deviceId: "demo-live-1" })).toBeNull();

    await expect(setVehicleDeviceId({ db, ...second, deviceId: "356307042441013" })).rejects.toMatchObject({ code: "conflict" });
    await expect(setVehicleDeviceId({ db, ...second, companyId: second.companyId + 1, deviceId: "new-id" })).rejects.toMatchObject({ code: "not_found" });
    expect(await findDeviceVehicle({ db, deviceId: "demo-live-2" })).toEqual(second);
    expect(await findDeviceVehicle({ db, deviceId: "new-id" })).toBeNull();
  });
});
