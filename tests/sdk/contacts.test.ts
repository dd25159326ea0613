import { describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

describe("alert contacts through the SDK", () => {
  it("createContact, getContact, listContacts, updateContact and delete, in Samsara's shapes; another company's is 404", async () => {
    const { client } = createSdkClient(await mintKey());
    const created = await client.contacts.createContact({ firstName: "SDK", lastName: "Contact", email: "sdk.contact@partner.test", phone: "+1 312 555 0199" });
    expectSdkShape(created, "ContactResponse");
    const id = created.data!.id;
    expect(created.data).toEqual({ id, firstName: "SDK", lastName: "Contact", email: "sdk.contact@partner.test", phone: "+1 312 555 0199" });
    expect((await client.contacts.getContact({ id })).data).toEqual(created.data);
    const listed = await client.contacts.listContacts({ limit: 512 });
    expectSdkShape(listed, "ListContactsResponse");
    expect(listed.data!.map((contact) => contact.id)).toContain(id);
    const updated = await client.contacts.updateContact({ id, lastName: "Desk" });
    expect(updated.data).toMatchObject({ firstName: "SDK", lastName: "Desk" });
    const other = createSdkClient(await mintKey({ company: "other" })).client;
    await expect(other.contacts.getContact({ id })).rejects.toMatchObject({ statusCode: 404 });
    await client.contacts.delete({ id });
    await expect(client.contacts.getContact({ id })).rejects.toMatchObject({ statusCode: 404 });
  });

  it("an alert configuration names a contact as a recipient; an unknown contact is 404", async () => {
    const { client } = createSdkClient(await mintKey());
    const contact = (await client.contacts.createContact({ firstName: "Rule", email: "rule.contact@partner.test" })).data!;
    const configuration = {
      name: "SDK contact rule",
      isEnabled: true,
      scope: { all: true },
      triggers: [{ triggerTypeId: 1019, triggerParams: { engineIdle: { minDurationMilliseconds: 600_000 } } }],
    };
    const created = await client.alerts.postConfigurations({
      ...configuration,
      actions: [{ actionTypeId: 1, actionParams: { recipients: [{ type: "contact", contactId: contact.id, notificationTypes: ["email"] }] } }],
    });
    expect(created.data?.actions?.[0]).toMatchObject({ actionParams: { recipients: [{ type: "contact", contactId: contact.id }] } });
    await expect(
      client.alerts.postConfigurations({
        ...configuration,
        actions: [{ actionTypeId: 1, actionParams: { recipients: [{ type: "contact", contactId: "999999999" }] } }],
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
