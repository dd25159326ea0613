import { z } from "zod";
import { contactInputSchema } from "@/lib/fleet/contacts/contact-input";
import { createContact, deleteContact, getContact, listContacts, updateContact } from "@/lib/fleet/contacts/manage-contacts";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { idParamsSchema } from "../queries";
import { contactSchema, presentContact } from "../records/contact-record";
import { cursorScope } from "./context";

const contactResponse = z.object({ data: contactSchema }).meta({ id: "ContactResponse" });

export const listContactsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/contacts",
  scope: "contacts:read",
  summary: "List alert contacts",
  query: z.object(paginationQuery),
  response: pageSchema(contactSchema, "ContactsPage"),
  run: async ({ db, tenant, query }) => {
    const scope = cursorScope("contacts", tenant);
    const rows = await listContacts({ db, ...tenant, afterId: readAfterId({ after: query.after, scope }), limit: query.limit + 1 });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentContact) });
  },
});

export const createContactEndpoint = defineFleetEndpoint({
  method: "POST",
  path: "/contacts",
  scope: "contacts:write",
  summary: "Create an alert contact",
  description: "Every field is optional, as in Samsara; a contact without an e-mail address is mailed nothing.",
  body: contactInputSchema,
  response: contactResponse,
  run: async ({ db, tenant, body, actor }) => ({ data: presentContact(await createContact({ db, ...tenant, input: body, actor })) }),
});

export const getContactEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/contacts/{id}",
  scope: "contacts:read",
  summary: "One alert contact",
  params: idParamsSchema,
  response: contactResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, params }) => ({ data: presentContact(await getContact({ db, ...tenant, contactId: params.id })) }),
});

export const updateContactEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/contacts/{id}",
  scope: "contacts:write",
  summary: "Update an alert contact",
  params: idParamsSchema,
  body: contactInputSchema,
  response: contactResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, params, body, actor }) => ({
    data: presentContact(await updateContact({ db, ...tenant, contactId: params.id, input: body, actor })),
  }),
});

export const deleteContactEndpoint = defineFleetEndpoint({
  method: "DELETE",
  path: "/contacts/{id}",
  scope: "contacts:write",
  summary: "Delete an alert contact",
  description: "Alert rules that name the contact keep the recipient entry and mail it no more.",
  params: idParamsSchema,
  status: 204,
  errors: ["not_found"],
  run: async ({ db, tenant, params, actor }) => {
    await deleteContact({ db, ...tenant, contactId: params.id, actor });
  },
});
