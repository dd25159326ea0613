import { beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

let key: string;
beforeAll(async () => {
  key = await mintKey();
});

describe("alerts through the SDK", () => {
  it("postConfigurations, getConfigurations, patchConfigurations, deleteConfigurations and getIncidents, in Samsara's shapes", async () => {
    const { client } = createSdkClient(key);
    const place = await client.addresses.create({
      name: "SDK alert site",
      formattedAddress: "Loop, Chicago",
      geofence: { circle: { latitude: 41.88, longitude: -87.63, radiusMeters: 200 } },
    });
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
    const outOfHours = await client.alerts.postConfigurations({
      name: "SDK engine on out of hours",
      isEnabled: true,
      actions: [],
      scope: { all: true },
      triggers: [{ triggerTypeId: 1021, triggerParams: { engineOn: { minDurationMilliseconds: 300_000 } } }],
      operationalSettings: {
        timeRangeType: "inactiveBetween",
        timeRanges: [{ daysOfWeek: ["MONDAY", "FRIDAY"], startTime: "07:00", endTime: "18:00", timezone: "America/Chicago" }],
      },
    });
    expectSdkShape(outOfHours, "AlertsPostConfigurationsResponseBody");
    expect(outOfHours.data.operationalSettings).toMatchObject({ timeRangeType: "inactiveBetween" });
    const faults = await client.alerts.postConfigurations({
      name: "SDK misfires",
      isEnabled: true,
      actions: [],
      scope: { all: true },
      triggers: [{ triggerTypeId: 1029, triggerParams: { vehicleFaultCode: { specificFaultCodes: [{ faultCode: "P0300", type: "PASSENGER_DTC" }] } } }],
    });
    expect(faults.data.triggers[0]).toMatchObject({ triggerTypeId: 1029 });
    const harsh = await client.alerts.postConfigurations({
      name: "SDK hard stops",
      isEnabled: true,
      actions: [],
      scope: { all: true },
      triggers: [{ triggerTypeId: 1023, triggerParams: { harshEvent: { types: ["haBraking", "haCrash"] } } }],
    });
    expectSdkShape(harsh, "AlertsPostConfigurationsResponseBody");
    expect(harsh.data.triggers[0]).toEqual({ triggerTypeId: 1023, triggerParams: { harshEvent: { types: ["haBraking", "haCrash"] } } });
    // A camera's harsh event is none this service stores.
    await expect(
      client.alerts.postConfigurations({
        name: "Harsh",
        isEnabled: true,
        actions: [],
        scope: { all: true },
        triggers: [{ triggerTypeId: 1023, triggerParams: { harshEvent: { types: ["haDistractedDriving"] } } }],
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
