import { beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

let key: string;
beforeAll(async () => {
  key = await mintKey();
});

describe("alerts through the SDK", () => {
  it("postConfigurations, getConfigurations, patchConfigurations, deleteConfigurations and getIncidents, in Samsara's shapes", async () => {
    const { client } = createSdkClient(key);
    const place = await client.addresses.create({ name: "SDK alert site", formattedAddress: "Loop, Chicago", geofence: { circle: { latitude: 41.88, longitude: -87.63, radiusMeters: 200 } } });
    const created = await client.alerts.postConfigurations({
      name: "SDK arrivals",
      isEnabled: true,
      actions: [{ actionTypeId: 4 }],
      scope: { all: true },
      triggers: [{ triggerTypeId: 5016, triggerParams: { geofenceEntry: { location: { addressIds: [place.data.id] } } } }],
    });
    expectSdkShape(created, "AlertsPostConfigurationsResponseBody");
    const listed = await client.alerts.getConfigurations({ ids: created.data.id });
    expectSdkShape(listed, "AlertsGetConfigurationsResponseBody");
    expect(listed.data.map((configuration) => configuration.id)).toEqual([created.data.id]);
    const patched = await client.alerts.patchConfigurations({ id: created.data.id, name: "SDK arrivals (renamed)", isEnabled: false });
    expectSdkShape(patched, "AlertsPatchConfigurationsResponseBody");
    expect(patched.data).toMatchObject({ name: "SDK arrivals (renamed)", isEnabled: false });
    const incidents = await client.alerts.getIncidents({ startTime: new Date(Date.now() - 86_400_000).toISOString() });
    expectSdkShape(incidents, "AlertsGetIncidentsResponseBody");
    await client.alerts.deleteConfigurations({ id: created.data.id });
    await expect(client.alerts.getConfigurations({ ids: created.data.id })).resolves.toMatchObject({ data: [] });
    await expect(client.alerts.postConfigurations({ name: "Harsh", isEnabled: true, actions: [], scope: { all: true }, triggers: [{ triggerTypeId: 1023 }] })).rejects.toMatchObject({ statusCode: 400 });
  });
});
