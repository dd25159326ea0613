import { z } from "zod";
import { DEVICE_MODELS } from "@/db/schema";
import { MODEL_OF_PROTOCOL } from "@/lib/fleet/devices/claim-device";
import { registerDevice, unregisterDevice } from "@/lib/fleet/devices/device-bindings";
import { deviceIdentifierSchema, deviceModelSchema, deviceNameSchema } from "@/lib/fleet/devices/device-input";
import { listDevices } from "@/lib/fleet/devices/list-devices";
import { findUnclaimedDevice } from "@/lib/fleet/devices/unclaimed-devices";
import { AppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { gatewaySchema, presentGateway } from "../records/gateway-record";
import { cursorScope } from "./context";

const listQuerySchema = z.object({
  ...paginationQuery,
  models: z
    .array(z.enum(DEVICE_MODELS))
    .min(1)
    .optional()
    .meta({ description: `Models, comma-separated or repeated: ${DEVICE_MODELS.join(", ")}.` }),
});
// Samsara's body is `{ serial }`; `model` and `name` are this service's additions (strict: a misspelt field is a 400).
const createSchema = z.object({ serial: deviceIdentifierSchema, model: deviceModelSchema.optional(), name: deviceNameSchema.optional() }).strict();
const serialParamsSchema = z.object({ id: deviceIdentifierSchema.meta({ description: "The gateway's serial (the device identifier)." }) });

/** The tenant's device with this identifier, as listed; 404 for another tenant's or an unknown one. */
const findGateway = async ({ db, companyId, dataset, serial }: TenantQuery & { serial: string }) => {
  const [device] = await listDevices({ db, companyId, dataset, identifiers: [serial], limit: 1 });
  if (!device) throw new AppError("not_found", `No gateway with serial "${serial}".`);
  return device;
};

export const listGatewaysEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/gateways",
  scope: "gateways:read",
  summary: "List gateways",
  description: "The company's registered devices (trackers, phones, gateways) with the vehicle each reports for and its connection status.",
  query: listQuerySchema,
  listKeys: ["models"],
  response: pageSchema(gatewaySchema, "GatewaysPage"),
  run: async ({ db, tenant, query }) => {
    const scope = cursorScope(`gateways?${query.models?.join(",") ?? ""}`, tenant);
    const now = new Date();
    const rows = await listDevices({ db, ...tenant, models: query.models, afterId: readAfterId({ after: query.after, scope }), limit: query.limit + 1, now });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map((row) => presentGateway(row, now)) });
  },
});

export const createGatewayEndpoint = defineFleetEndpoint({
  method: "POST",
  path: "/gateways",
  scope: "gateways:write",
  summary: "Register (activate) a gateway",
  description:
    "Registers a device by its serial, bound to no vehicle (bind it on the Devices page). Without " +
    "`model`, an unclaimed device's is taken from how it reported, else `other`. 409 when the serial is " +
    "registered already.",
  body: createSchema,
  response: z.object({ data: gatewaySchema }).meta({ id: "GatewayResponse" }),
  status: 201,
  errors: ["conflict"],
  run: async ({ db, tenant, body, actor }) => {
    const unclaimed = body.model ? null : await findUnclaimedDevice({ db, identifier: body.serial });
    const model = body.model ?? (unclaimed ? MODEL_OF_PROTOCOL[unclaimed.protocol] : "other");
    await registerDevice({ db, ...tenant, input: { identifier: body.serial, model, name: body.name }, actor });
    return { data: presentGateway(await findGateway({ db, ...tenant, serial: body.serial })) };
  },
});

export const deleteGatewayEndpoint = defineFleetEndpoint({
  method: "DELETE",
  path: "/gateways/{id}",
  scope: "gateways:write",
  summary: "Deactivate a gateway",
  description: "Unregisters the device: its reports are refused from now on (it is listed as unclaimed); the history it reported stays with its vehicles.",
  params: serialParamsSchema,
  status: 204,
  errors: ["not_found"],
  run: async ({ db, tenant, params, actor }) => {
    const device = await findGateway({ db, ...tenant, serial: params.id });
    await unregisterDevice({ db, ...tenant, deviceRowId: device.id, actor });
  },
});
