import { describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

describe("the organization through the SDK", () => {
  it("getOrganizationInfo (GET /me): the key's own company, the same for its sandbox key", async () => {
    const demo = await createSdkClient(await mintKey()).client.organizationInfo.getOrganizationInfo();
    expectSdkShape(demo, "OrganizationInfoResponse");
    expect(demo.data).toEqual({ id: expect.stringMatching(/^\d+$/), name: "Demo Fleet" });
    const sandbox = await createSdkClient(await mintKey({ environment: "test" })).client.organizationInfo.getOrganizationInfo();
    expect(sandbox.data).toEqual(demo.data);
    const other = await createSdkClient(await mintKey({ company: "other" })).client.organizationInfo.getOrganizationInfo();
    expect(other.data).toEqual({ id: expect.not.stringMatching(`^${demo.data!.id}$`), name: "Other Fleet" });
  });

  it("answers 403 to a key without organization:read", async () => {
    const { client } = createSdkClient(await mintKey({ scopes: ["vehicles:read"] }));
    await expect(client.organizationInfo.getOrganizationInfo()).rejects.toMatchObject({ statusCode: 403 });
  });
});
