import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

let key: string;

beforeAll(async () => {
  key = await mintKey();
});

describe("live sharing links through the SDK", () => {
  it(
    "createLiveSharingLink, getLiveSharingLinks, updateLiveSharingLink and deleteLiveSharingLink, in " + "Samsara's shapes; the public page ends with the link",
    async () => {
      const { client } = createSdkClient(key);
      const [vehicle] = (await client.vehicles.list({ limit: 1 })).data;
      const expiresAtTime = new Date(Date.now() + 3_600_000).toISOString();
      const created = await client.liveSharingLinks.createLiveSharingLink({
        name: "Delivery to ACME",
        type: "assetsLocation",
        expiresAtTime,
        assetsLocationLinkConfig: { assetId: vehicle.id },
      });
      expectSdkShape(created, "LiveSharingLinksCreateLiveSharingLinkResponseBody");
      expect(created.data).toMatchObject({ name: "Delivery to ACME", type: "assetsLocation", assetsLocationLinkConfig: { assetId: vehicle.id } });
      const pagePath = new URL(created.data.liveSharingUrl).pathname;
      expect(pagePath).toMatch(/^\/share\//);

      const listed = await client.liveSharingLinks.getLiveSharingLinks({ ids: created.data.id });
      expectSdkShape(listed, "LiveSharingLinksGetLiveSharingLinksResponseBody");
      expect(listed.data.map((link) => link.id)).toEqual([created.data.id]);

      const updated = await client.liveSharingLinks.updateLiveSharingLink({ id: created.data.id, name: "Delivery to ACME, dock 4" });
      expectSdkShape(updated, "LiveSharingLinksUpdateLiveSharingLinkResponseBody");
      expect(updated.data.name).toBe("Delivery to ACME, dock 4");

      const open = await fetch(`${baseUrl()}${pagePath}`);
      expect(open.status).toBe(200);
      expect(await open.text()).toContain(vehicle.name);

      await client.liveSharingLinks.deleteLiveSharingLink({ id: created.data.id });
      expect((await client.liveSharingLinks.getLiveSharingLinks({ ids: created.data.id })).data).toEqual([]);
      const closed = await fetch(`${baseUrl()}${pagePath}`);
      expect(await closed.text()).not.toContain(vehicle.name);
      expect((await fetch(`${baseUrl()}${pagePath}/stream?after=0`)).status).toBe(404);
    },
  );

  it("refuse a link type this service does not keep, naming the field, and another company's link", async () => {
    const { client } = createSdkClient(key);
    await expect(client.liveSharingLinks.createLiveSharingLink({ name: "Near the yard", type: "assetsNearLocation" })).rejects.toMatchObject({
      statusCode: 400,
      body: { message: expect.stringContaining("type") },
    });
    const [vehicle] = (await client.vehicles.list({ limit: 1 })).data;
    const mine = await client.liveSharingLinks.createLiveSharingLink({
      name: "Mine",
      type: "assetsLocation",
      assetsLocationLinkConfig: { assetId: vehicle.id },
    });
    const other = createSdkClient(await mintKey({ company: "other" })).client;
    await expect(other.liveSharingLinks.deleteLiveSharingLink({ id: mine.data.id })).rejects.toMatchObject({ statusCode: 404 });
  });
});
