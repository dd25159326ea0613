import { describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

describe("the compliance settings through the SDK", () => {
  it("getComplianceSettings and patchComplianceSettings (/fleet/settings/compliance) in Samsara's shapes", async () => {
    const { client } = createSdkClient(await mintKey());
    const before = await client.settings.getComplianceSettings();
    expectSdkShape(before, "SettingsGetComplianceSettingsResponseBody");
    expect(before.data.carrierName).toEqual(expect.any(String));
    const patched = await client.settings.patchComplianceSettings({ dotNumber: 1000003, mainOfficeFormattedAddress: "1 Depot Rd, Springfield, IL" });
    expectSdkShape(patched, "SettingsPatchComplianceSettingsResponseBody");
    expect(patched.data).toMatchObject({ dotNumber: 1000003, mainOfficeFormattedAddress: "1 Depot Rd, Springfield, IL" });
    expect((await client.settings.getComplianceSettings()).data.dotNumber).toBe(1000003);
  });

  it("answers 403 to a key without the compliance scopes and to a sandbox key's change", async () => {
    const { client } = createSdkClient(await mintKey({ scopes: ["vehicles:read"] }));
    await expect(client.settings.getComplianceSettings()).rejects.toMatchObject({ statusCode: 403 });
    const sandbox = createSdkClient(await mintKey({ environment: "test" })).client;
    await expect(sandbox.settings.patchComplianceSettings({ dotNumber: 7 })).rejects.toMatchObject({ statusCode: 403 });
  });
});
