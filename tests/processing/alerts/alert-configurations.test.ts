import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as configurationsRoute from "@/app/alerts/configurations/route";
import * as incidentsRoute from "@/app/alerts/incidents/stream/route";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
beforeEach(() => resetRateLimits(database().db));

type ConfigurationBody = {
  data: {
    id: string;
    name: string;
    isEnabled: boolean;
    scope: { all: boolean; assets?: { assetId: string }[] };
    triggers: { triggerTypeId: number; triggerParams: Record<string, unknown> }[];
  };
  message?: string;
};

const entryTrigger = (addressIds: string[]) => ({ triggerTypeId: 5016, triggerParams: { geofenceEntry: { location: { addressIds } } } });
const configuration = (change: Record<string, unknown> = {}) => ({
  name: "Arrivals",
  isEnabled: true,
  actions: [{ actionTypeId: 4 }],
  scope: { all: true },
  triggers: [entryTrigger([])],
  ...change,
});
const post = (body: unknown) => callFleet(configurationsRoute.POST, "/alerts/configurations", { key: fixture.demo.key, method: "POST", body });

describe("/alerts/configurations", () => {
  it("creates, lists, patches and deletes a configuration in Samsara's shapes", async () => {
    const created = await post(
      configuration({
        triggers: [entryTrigger([String(fixture.demo.placeIds[0])])],
        scope: { all: false, assets: [{ assetId: String(fixture.demo.vehicleIds[1]), assetType: "vehicle" }] },
      }),
    );
    expect(created.status).toBe(200);
    const { data } = created.body as ConfigurationBody;
    expect(data).toMatchObject({
      name: "Arrivals",
      isEnabled: true,
      scope: { all: false, assets: [{ assetId: String(fixture.demo.vehicleIds[1]) }] },
      triggers: [entryTrigger([String(fixture.demo.placeIds[0])])],
    });
    const listed = await callFleet(configurationsRoute.GET, `/alerts/configurations?ids=${data.id}`, { key: fixture.demo.key });
    expect((listed.body as { data: unknown[] }).data).toEqual([data]);
    const speeding = { triggerTypeId: 1000, triggerParams: { speed: { operation: "GREATER", speedKilometersPerHour: 110, minDurationMilliseconds: 30_000 } } };
    const patched = await callFleet(configurationsRoute.PATCH, "/alerts/configurations", {
      key: fixture.demo.key,
      method: "PATCH",
      body: { id: data.id, isEnabled: false, triggers: [speeding] },
    });
    expect((patched.body as ConfigurationBody).data).toMatchObject({ isEnabled: false, triggers: [speeding] });
    const disabled = await callFleet(configurationsRoute.GET, "/alerts/configurations?status=disabled&limit=512", { key: fixture.demo.key });
    expect((disabled.body as { data: { id: string }[] }).data.map((row) => row.id)).toContain(data.id);
    expect((await callFleet(configurationsRoute.DELETE, `/alerts/configurations?id=${data.id}`, { key: fixture.demo.key, method: "DELETE" })).status).toBe(204);
    expect((await callFleet(configurationsRoute.DELETE, `/alerts/configurations?id=${data.id}`, { key: fixture.demo.key, method: "DELETE" })).status).toBe(404);
  });

  it("keeps a notification action's recipients as sent", async () => {
    const actions = [
      {
        actionTypeId: 1,
        actionParams: {
          recipients: [
            { type: "user", userId: String(fixture.demo.userIds[0]), notificationTypes: ["email"] },
            { type: "role", roleId: "manager" },
          ],
        },
      },
    ];
    const created = await post(configuration({ actions }));
    expect(created.status).toBe(200);
    expect((created.body as { data: { actions: unknown } }).data.actions).toEqual(actions);
  });

  it("scopes a configuration to a tag of the company and names it back", async () => {
    const tagId = String(fixture.demo.tagIds[0]);
    const created = await post(configuration({ scope: { all: false, tags: [{ id: tagId }] } }));
    expect(created.status).toBe(200);
    expect((created.body as { data: { scope: unknown } }).data.scope).toEqual({ all: false, tags: [{ id: tagId, name: "Fixture tag 0" }] });
  });

  it("keeps fault-code, HOS, engine-on and harsh-event triggers and operational settings in Samsara's shapes; PATCH null clears the settings", async () => {
    const hours = {
      timeRangeType: "inactiveBetween",
      timeRanges: [{ daysOfWeek: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"], startTime: "07:00", endTime: "18:00", timezone: "America/Chicago" }],
    };
    const triggers = [
      { triggerTypeId: 1029, triggerParams: { vehicleFaultCode: { specificFaultCodes: [{ faultCode: "P0300", type: "PASSENGER_DTC" }] } } },
      { triggerTypeId: 1018, triggerParams: { hosViolation: { violation: "ShiftDrivingHours", maxUntilViolationMilliseconds: 1_800_000 } } },
      { triggerTypeId: 1021, triggerParams: { engineOn: { minDurationMilliseconds: 300_000 } } },
      { triggerTypeId: 1023, triggerParams: { harshEvent: { types: ["haBraking", "haCrash"], minSeverity: "moderate" } } },
      { triggerTypeId: 1023, triggerParams: { harshEvent: { types: ["haAccel", "haSharpTurn"] } } },
    ];
    for (const trigger of triggers) {
      const created = await post(configuration({ triggers: [trigger], operationalSettings: hours }));
      expect(created.status).toBe(200);
      expect((created.body as { data: unknown }).data).toMatchObject({ triggers: [trigger], operationalSettings: hours });
    }
    const { data } = (await post(configuration({ triggers: [triggers[2]], operationalSettings: hours }))).body as ConfigurationBody;
    const cleared = await callFleet(configurationsRoute.PATCH, "/alerts/configurations", {
      key: fixture.demo.key,
      method: "PATCH",
      body: { id: data.id, operationalSettings: null },
    });
    expect((cleared.body as { data: Record<string, unknown> }).data.operationalSettings).toBeUndefined();
  });

  it.each([
    [
      "a lamp group the service cannot tell apart",
      { triggers: [{ triggerTypeId: 1029, triggerParams: { vehicleFaultCode: { hasAnyRedStopLampCodes: true } } }] },
      "triggers.0.triggerParams.vehicleFaultCode",
    ],
    [
      "an HOS clock the service does not keep",
      { triggers: [{ triggerTypeId: 1018, triggerParams: { hosViolation: { violation: "CaliforniaMealbreakMissed", maxUntilViolationMilliseconds: 0 } } }] },
      "triggers.0.triggerParams.hosViolation.violation",
    ],
    [
      "working hours in an unknown zone",
      {
        operationalSettings: {
          timeRangeType: "activeBetween",
          timeRanges: [{ daysOfWeek: ["MONDAY"], startTime: "07:00", endTime: "18:00", timezone: "Mars/Olympus" }],
        },
      },
      "operationalSettings.timeRanges.0.timezone",
    ],
    ["an unsupported trigger type", { triggers: [{ triggerTypeId: 1003 }] }, "triggers.0.triggerTypeId"],
    [
      "a harsh event this service never stores (a camera's)",
      { triggers: [{ triggerTypeId: 1023, triggerParams: { harshEvent: { types: ["haBraking", "haDistractedDriving"] } } }] },
      "triggers.0.triggerParams.harshEvent.types.1",
    ],
    ["two triggers", { triggers: [entryTrigger([]), entryTrigger([])] }, "triggers"],
    ["a trigger without its parameters", { triggers: [{ triggerTypeId: 1000 }] }, "triggers.0.triggerParams.speed"],
    [
      "speeding below a speed",
      { triggers: [{ triggerTypeId: 1000, triggerParams: { speed: { operation: "LESS", speedKilometersPerHour: 10, minDurationMilliseconds: 0 } } }] },
      "triggers.0.triggerParams.speed.operation",
    ],
    ["an empty scope", { scope: { all: false } }, "scope"],
    [
      "a user recipient without its userId",
      { actions: [{ actionTypeId: 1, actionParams: { recipients: [{ type: "user", contactId: "7" }] } }] },
      "actions.0.actionParams.recipients.0",
    ],
  ])("answers 400 naming the field for %s", async (_, change, field) => {
    const response = await post(configuration(change));
    expect(response.status).toBe(400);
    expect((response.body as ConfigurationBody).message).toContain(field);
  });

  it.each([
    ["another company's place", () => ({ triggers: [entryTrigger([String(fixture.other.placeIds[0])])] }), "triggerParams"],
    [
      "another company's vehicle",
      () => ({ scope: { all: false, assets: [{ assetId: String(fixture.other.vehicleIds[0]), assetType: "vehicle" }] } }),
      "scope.assets",
    ],
    ["another company's tag", () => ({ scope: { all: false, tags: [{ id: String(fixture.other.tagIds[0]), name: "West" }] } }), "scope.tags"],
    [
      "another company's user to e-mail",
      () => ({
        actions: [
          {
            actionTypeId: 1,
            actionParams: {
              recipients: [
                { type: "user", userId: String(fixture.demo.userIds[0]) },
                { type: "user", userId: String(fixture.other.userIds[0]) },
              ],
            },
          },
        ],
      }),
      "actions.0.actionParams.recipients.1.userId",
    ],
    [
      "an unknown user to e-mail",
      () => ({ actions: [{ actionTypeId: 4 }, { actionTypeId: 1, actionParams: { recipients: [{ type: "user", userId: "999999" }] } }] }),
      "actions.1.actionParams.recipients.0.userId",
    ],
    [
      "an unknown contact to e-mail",
      () => ({ actions: [{ actionTypeId: 1, actionParams: { recipients: [{ type: "contact", contactId: "999999" }] } }] }),
      "actions.0.actionParams.recipients.0.contactId",
    ],
    [
      "a contact id that names no contact",
      () => ({ actions: [{ actionTypeId: 1, actionParams: { recipients: [{ type: "contact", contactId: "night-desk" }] } }] }),
      "recipients.0.contactId: no contact with id night-desk",
    ],
  ])("answers 404 naming the field for %s", async (_, change, field) => {
    const response = await post(configuration(change()));
    expect(response.status).toBe(404);
    expect((response.body as ConfigurationBody).message).toContain(field);
  });
});

describe("GET /alerts/incidents/stream", () => {
  it("lists the tenant's incidents in the range, in Samsara's shape", async () => {
    const start = new Date(fixture.now.getTime() - 86_400_000).toISOString();
    const response = await callFleet(incidentsRoute.GET, `/alerts/incidents/stream?startTime=${start}`, { key: fixture.demo.key });
    expect(response.status).toBe(200);
    const body = response.body as { data: { configurationId: string; isResolved: boolean; conditions: { triggerId: number }[] }[] };
    expect(body.data).toEqual([
      expect.objectContaining({
        configurationId: String(fixture.demo.alertRuleIds[0]),
        isResolved: false,
        conditions: [expect.objectContaining({ triggerId: 1000 })],
      }),
    ]);
    const bad = await callFleet(incidentsRoute.GET, "/alerts/incidents/stream?startTime=yesterday", { key: fixture.demo.key });
    expect(bad.status).toBe(400);
  });
});
