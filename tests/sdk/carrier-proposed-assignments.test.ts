import { describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

describe("carrier-proposed assignments through the SDK (issue 38, item 7)", () => {
  it("createCarrierProposedAssignment and listCarrierProposedAssignments in Samsara's shapes; another company's driver is 404", async () => {
    const { client } = createSdkClient(await mintKey());
    const driver = { id: (await client.drivers.list({ limit: 1 })).data[0].id! };
    const [vehicle] = (await client.vehicles.list({ limit: 1 })).data;
    const created = await client.carrierProposedAssignments.createCarrierProposedAssignment({
      driverId: driver.id,
      vehicleId: vehicle.id,
      trailerNames: ["SDK trailer"],
      shippingDocs: "BOL 1",
    });
    expectSdkShape(created, "CarrierProposedAssignmentResponse");
    expect(created.data).toMatchObject({ driver: { id: driver.id }, vehicle: { id: vehicle.id }, trailers: [{ name: "SDK trailer" }], shippingDocs: "BOL 1" });
    const listed = await client.carrierProposedAssignments.listCarrierProposedAssignments({ driverIds: [driver.id] });
    expectSdkShape(listed, "ListCarrierProposedAssignmentResponse");
    expect(listed.data.map((proposal) => proposal.id)).toEqual([created.data.id]);
    const other = createSdkClient(await mintKey({ company: "other" })).client;
    await expect(other.carrierProposedAssignments.createCarrierProposedAssignment({ driverId: driver.id, vehicleId: vehicle.id })).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
