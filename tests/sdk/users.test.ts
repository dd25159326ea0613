import { beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

let key: string;
let otherKey: string;

beforeAll(async () => {
  key = await mintKey();
  otherKey = await mintKey({ company: "other" });
});

describe("users and user roles through the SDK", () => {
  it("listUserRoles: the three roles with stable ids", async () => {
    const { client } = createSdkClient(key);
    const roles = await client.users.listUserRoles();
    expectSdkShape(roles, "ListUserRolesResponse");
    expect(roles.data).toEqual([
      { id: "admin", name: "Admin" },
      { id: "manager", name: "Manager" },
      { id: "dispatcher", name: "Dispatcher" },
    ]);
  });

  it("listUserRoles pages by limit and the cursor it issued", async () => {
    const { client } = createSdkClient(key);
    const ids: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 5; page++) {
      const roles = await client.users.listUserRoles({ limit: 1, after });
      expectSdkShape(roles, "ListUserRolesResponse");
      expect(roles.data).toHaveLength(1);
      ids.push(...(roles.data ?? []).map((role) => role.id!));
      if (!roles.pagination?.hasNextPage) break;
      after = roles.pagination.endCursor;
    }
    expect(ids).toEqual(["admin", "manager", "dispatcher"]);
  });

  it("createUser, getUser, listUsers, updateUser and delete (deactivation), in Samsara's shapes", async () => {
    const { client } = createSdkClient(key);
    const email = `sdk.${Date.now()}@demo.test`;
    const created = await client.users.createUser({ authType: "default", email, name: "SDK Person", roles: [{ roleId: "dispatcher" }] });
    expectSdkShape(created, "UserResponse");
    expect(created.data).toMatchObject({ email, name: "SDK Person", authType: "default", roles: [{ role: { id: "dispatcher", name: "Dispatcher" } }] });
    const id = created.data!.id;

    const read = await client.users.getUser({ id });
    expectSdkShape(read, "UserResponse");
    expect(read.data).toEqual(created.data);

    const listed = await client.users.listUsers({ limit: 512 });
    expectSdkShape(listed, "ListUsersResponse");
    expect(listed.data!.map((user) => user.email)).toEqual(expect.arrayContaining(["admin@demo.test", email]));
    expect(listed.data!.map((user) => user.email)).not.toContain("admin@other.test");

    const updated = await client.users.updateUser({ id, name: "SDK Manager", roles: [{ roleId: "manager" }] });
    expectSdkShape(updated, "UserResponse");
    expect(updated.data).toMatchObject({ name: "SDK Manager", roles: [{ role: { id: "manager" } }] });

    await client.users.delete({ id });
    await expect(client.users.getUser({ id })).rejects.toMatchObject({ statusCode: 404 });
    expect((await client.users.listUsers({ limit: 512 })).data!.map((user) => user.id)).not.toContain(id);
  });

  it("pages with limit and after", async () => {
    const { client } = createSdkClient(key);
    const first = await client.users.listUsers({ limit: 1 });
    expect(first.data).toHaveLength(1);
    expect(first.pagination!.hasNextPage).toBe(true);
    const second = await client.users.listUsers({ limit: 1, after: first.pagination!.endCursor });
    expect(Number(second.data![0].id)).toBeGreaterThan(Number(first.data![0].id));
  });

  it("refuses an unknown role, SAML, the last admin's demotion, and another company's user", async () => {
    const { client } = createSdkClient(key);
    await expect(
      client.users.createUser({ authType: "default", email: "role@demo.test", name: "Bad Role", roles: [{ roleId: "superuser" }] }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(client.users.createUser({ authType: "saml", email: "saml@demo.test", name: "SAML", roles: [{ roleId: "admin" }] })).rejects.toMatchObject({
      statusCode: 400,
    });
    const admin = (await client.users.listUsers({ limit: 512 })).data!.find((user) => user.email === "admin@demo.test")!;
    await expect(client.users.updateUser({ id: admin.id, roles: [{ roleId: "dispatcher" }] })).rejects.toMatchObject({
      statusCode: 409,
      body: { message: expect.stringContaining("last active admin") },
    });
    await expect(client.users.delete({ id: admin.id })).rejects.toMatchObject({ statusCode: 409 });
    const { client: other } = createSdkClient(otherKey);
    await expect(other.users.getUser({ id: admin.id })).rejects.toMatchObject({ statusCode: 404 });
    await expect(other.users.delete({ id: admin.id })).rejects.toMatchObject({ statusCode: 404 });
  });
});
