import { beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

let key: string;
beforeAll(async () => {
  key = await mintKey();
});

const day = new Date(Date.UTC(2024, 5, 3));
const at = (hour: number) => new Date(day.getTime() + hour * 3_600_000).toISOString();

describe("driver-vehicle assignments through the SDK", () => {
  it(
    "createDriverVehicleAssignment, getDriverVehicleAssignments, updateDriverVehicleAssignment and " + "deleteDriverVehicleAssignments, in Samsara's shapes",
    async () => {
      const { client, sent } = createSdkClient(key);
      // Not the first driver and vehicle: the fixture assigns them to each other from 2020 on.
      const [, driver, other] = (await client.drivers.list({ limit: 3 })).data;
      const [, vehicle] = (await client.vehicles.list({ limit: 2 })).data;

      const created = await client.driverVehicleAssignments.createDriverVehicleAssignment({
        driverId: driver.id!,
        vehicleId: vehicle.id!,
        startTime: at(8),
        endTime: at(12),
        metadata: { sourceName: "SDK suite" },
      });
      expectSdkShape(created, "DriverVehicleAssignmentsV2CreateDriverVehicleAssignmentResponseBody");
      expect(created.data.message).toMatch(/created/);

      const listed = await client.driverVehicleAssignments.getDriverVehicleAssignments({
        filterBy: "vehicles",
        vehicleIds: [vehicle.id!],
        startTime: at(0),
        endTime: at(23),
      });
      expectSdkShape(listed, "DriverVehicleAssignmentsV2GetDriverVehicleAssignmentsResponseBody");
      expect(listed.data).toHaveLength(1);
      expectSdkShape(listed.data[0], "DriverVehicleAssignmentV2ObjectResponseBody");
      expect(listed.data[0]).toMatchObject({
        driver: { id: driver.id },
        vehicle: { id: vehicle.id },
        startTime: at(8),
        endTime: at(12),
        isPassenger: false,
        metadata: { sourceName: "SDK suite" },
      });
      // The SDK sends the id lists as repeated parameters; both forms are read.
      expect(sent.at(-1)!.url.searchParams.getAll("vehicleIds")).toEqual([vehicle.id]);

      // Another driver in the same vehicle at an overlapping time: a 409 the SDK surfaces as an error with our body.
      await expect(
        client.driverVehicleAssignments.createDriverVehicleAssignment({ driverId: other.id!, vehicleId: vehicle.id!, startTime: at(10), endTime: at(14) }),
      ).rejects.toMatchObject({
        statusCode: 409,
        body: { message: expect.stringContaining(`Vehicle ${vehicle.id} is already assigned to driver ${driver.id}`) },
      });

      const updated = await client.driverVehicleAssignments.updateDriverVehicleAssignment({
        driverId: driver.id!,
        vehicleId: vehicle.id!,
        startTime: at(8),
        endTime: at(9),
      });
      expectSdkShape(updated, "DriverVehicleAssignmentsV2UpdateDriverVehicleAssignmentResponseBody");
      const byDriver = await client.driverVehicleAssignments.getDriverVehicleAssignments({
        filterBy: "drivers",
        driverIds: driver.id!,
        startTime: at(0),
        endTime: at(23),
      });
      expect(byDriver.data.map((assignment) => assignment.endTime)).toEqual([at(9)]);

      await client.driverVehicleAssignments.deleteDriverVehicleAssignments({ vehicleId: vehicle.id!, startTime: at(0), endTime: at(23) });
      expect(
        (
          await client.driverVehicleAssignments.getDriverVehicleAssignments({
            filterBy: "vehicles",
            vehicleIds: vehicle.id!,
            startTime: at(0),
            endTime: at(23),
          })
        ).data,
      ).toEqual([]);
    },
  );

  it("a key without assignments:write may read but not write", async () => {
    const { client } = createSdkClient(await mintKey({ scopes: ["assignments:read", "drivers:read", "vehicles:read"] }));
    await expect(client.driverVehicleAssignments.getDriverVehicleAssignments({ filterBy: "drivers" })).resolves.toBeDefined();
    await expect(client.driverVehicleAssignments.createDriverVehicleAssignment({ driverId: "1", vehicleId: "1" })).rejects.toMatchObject({ statusCode: 403 });
  });
});
