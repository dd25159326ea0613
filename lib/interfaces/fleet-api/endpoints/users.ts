import { z } from "zod";
import { ROLES, type Dataset } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { addUser } from "@/lib/access/users/add-user";
import { getUser, listUsers } from "@/lib/access/users/list-users";
import { updateUser } from "@/lib/access/users/update-user";
import { userNameSchema } from "@/lib/access/users/user-input";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { idParamsSchema } from "../queries";
import { presentUser, USER_ROLES, userRoleSchema, userSchema } from "../records/user-record";
import { cursorScope } from "./context";

// Users are the company's people: a live and a sandbox key of one company see the same users
// (docs/decisions.md "Users and roles"), but only a live key changes them ("Sandbox keys and users").
const authTypeSchema = z.enum(["default", "saml"]).refine((value) => value === "default", 'SAML is not supported: use "default".');
const rolesSchema = z
  .array(
    z.strictObject({
      roleId: z.enum(ROLES, { error: `Must be one of ${ROLES.join(", ")} (GET /user-roles).` }),
      tagId: z.never({ error: "Tag-specific roles are not supported." }).optional(),
    }),
  )
  .length(1, "Give exactly one organization-wide role.");
// Strict: expireAt (temporary access) and misspelt fields are a 400 naming them, not a silent no-op.
const createSchema = z.strictObject({ authType: authTypeSchema, email: z.string().max(200), name: userNameSchema, roles: rolesSchema });
const patchSchema = z.strictObject({ authType: authTypeSchema.optional(), name: userNameSchema.optional(), roles: rolesSchema.optional() });
const userResponse = z.object({ data: userSchema }).meta({ id: "UserResponse" });

/**
 * A sandbox key is for building an integration against test data; the users it would add, promote
 * or deactivate are real and sign in to the live fleet. 403 for a `svc_test_` key.
 */
const assertLiveKey = (tenant: { dataset: Dataset }) => {
  if (tenant.dataset !== "live")
    throw new AppError(
      "forbidden",
      "A sandbox (svc_test_) key cannot add, change or deactivate the company's users: they are real and " +
        "sign in to the live fleet. Use a live (svc_live_) key.",
    );
};

export const listUsersEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/users",
  scope: "users:read",
  summary: "List users",
  description:
    "The company's users, invited ones included; deactivated users (DELETE /users/{id}) are left out, as Samsara leaves out users whose access expired.",
  query: z.object(paginationQuery),
  response: pageSchema(userSchema, "UsersPage"),
  run: async ({ db, tenant, query }) => {
    const scope = cursorScope("users", tenant);
    const rows = await listUsers({
      db,
      companyId: tenant.companyId,
      includeDeactivated: false,
      afterId: readAfterId({ after: query.after, scope }),
      limit: query.limit + 1,
    });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentUser) });
  },
});

export const createUserEndpoint = defineFleetEndpoint({
  method: "POST",
  path: "/users",
  scope: "users:write",
  summary: "Add a user",
  description:
    "Live keys only (403 for a sandbox key). The user is invited: a one-time link (7 days) is e-mailed " +
    "when the service has SMTP_URL; until they accept, they cannot sign in. An admin can show a new link " +
    "under Settings → Users.",
  body: createSchema,
  status: 201,
  response: userResponse,
  errors: ["conflict", "forbidden"],
  run: async ({ db, tenant, body, actor }) => {
    assertLiveKey(tenant);
    const { user } = await addUser({ db, companyId: tenant.companyId, input: { email: body.email, name: body.name, role: body.roles[0].roleId }, actor });
    return { data: presentUser(user) };
  },
});

export const getUserEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/users/{id}",
  scope: "users:read",
  summary: "One user",
  params: idParamsSchema,
  response: userResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, params }) => ({
    data: presentUser(await getUser({ db, companyId: tenant.companyId, userId: params.id, includeDeactivated: false })),
  }),
});

export const updateUserEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/users/{id}",
  scope: "users:write",
  summary: "Update a user",
  description: "Live keys only (403 for a sandbox key). Renames a user or changes their role. The company's last active admin cannot be demoted (409).",
  params: idParamsSchema,
  body: patchSchema,
  response: userResponse,
  errors: ["not_found", "conflict", "forbidden"],
  run: async ({ db, tenant, params, body, actor }) => {
    assertLiveKey(tenant);
    await getUser({ db, companyId: tenant.companyId, userId: params.id, includeDeactivated: false });
    const user = await updateUser({ db, companyId: tenant.companyId, userId: params.id, input: { name: body.name, role: body.roles?.[0].roleId }, actor });
    return { data: presentUser(user) };
  },
});

export const deleteUserEndpoint = defineFleetEndpoint({
  method: "DELETE",
  path: "/users/{id}",
  scope: "users:write",
  summary: "Delete (deactivate) a user",
  description:
    "Live keys only (403 for a sandbox key). Deactivates the user: their sessions end within 60 s and " +
    "they cannot sign in; afterwards the API answers 404 for them, as for a deleted user. The record and " +
    "its audit history stay, and an admin can reactivate them under Settings → Users. The company's last " +
    "active admin cannot be deactivated (409).",
  params: idParamsSchema,
  status: 204,
  errors: ["not_found", "conflict", "forbidden"],
  run: async ({ db, tenant, params, actor }) => {
    assertLiveKey(tenant);
    await getUser({ db, companyId: tenant.companyId, userId: params.id, includeDeactivated: false });
    await updateUser({ db, companyId: tenant.companyId, userId: params.id, input: { status: "deactivated" }, actor });
  },
});

export const listUserRolesEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/user-roles",
  scope: "users:read",
  summary: "List user roles",
  description: "This service's three roles with their stable ids: admin, manager and dispatcher.",
  query: z.object(paginationQuery),
  response: pageSchema(userRoleSchema, "UserRolesPage"),
  // A fixed list, paged like every other: the cursor holds the position of the last role given.
  run: async ({ tenant, query }) => {
    const scope = cursorScope("user-roles", tenant);
    const after = readAfterId({ after: query.after, scope }) ?? 0;
    const rows = USER_ROLES.map((role, at) => ({ role, position: at + 1 })).slice(after, after + query.limit + 1);
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.position, present: (page) => page.map((row) => row.role) });
  },
});
