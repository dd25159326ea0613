"use server";

// Every export of a "use server" module is a public endpoint: each action goes through defineAction,
// which checks the session's role (a refusal is recorded as `device.denied` or `ingest_token.denied`)
// before touching the user's company.
import { z } from "zod";
import { defineAction } from "@/app/_server/define-action";
import { claimDevice } from "@/lib/fleet/devices/claim-device";
import { bindDevice, registerDevice, unregisterDevice } from "@/lib/fleet/devices/device-bindings";
import { deviceIdentifierSchema, deviceModelSchema, deviceNameSchema } from "@/lib/fleet/devices/device-input";
import { createIngestToken, revokeIngestToken } from "@/lib/ingestion/batch/ingest-tokens";
import { formFields } from "@/app/_server/action-args";
import { DEVICE_COMMAND_KINDS } from "@/db/schema";
import { CUSTOM_COMMAND_MAX, queueDeviceCommand } from "@/lib/fleet/device-commands";

const idSchema = z.coerce.number().int().positive("Give a numeric id.");
const vehicleIdSchema = z.coerce.number().int().positive("Choose a vehicle.");
const registerSchema = z.object({
  identifier: deviceIdentifierSchema,
  model: deviceModelSchema,
  name: deviceNameSchema.optional(),
  vehicleId: vehicleIdSchema.nullable(),
});
const claimSchema = z.object({ identifier: deviceIdentifierSchema, vehicleId: vehicleIdSchema });
const bindSchema = z.object({ deviceId: idSchema, vehicleId: vehicleIdSchema.nullable() });
const tokenSchema = z.object({ name: z.string().trim().min(1, "Give the token a name.").max(255) });

/** The field of the raw input a refusal names (a crafted call's input is not parsed yet). */
const field = (name: string) => (raw: unknown) => (raw as Record<string, unknown> | undefined)?.[name];
const devices = (id: (raw: unknown) => unknown) =>
  ({ action: "manageDevices", denied: { action: "device.denied", target: "device", id }, revalidate: ["/devices"] }) as const;
const ingestTokens = (id: (raw: unknown) => unknown) =>
  ({ action: "manageIngestTokens", denied: { action: "ingest_token.denied", target: "ingest_token", id }, revalidate: ["/devices"] }) as const;

export const registerDeviceAction = defineAction(
  { ...devices(field("identifier")), input: registerSchema },
  async ({ input: { vehicleId, ...device }, tenant, actor }) => {
    await registerDevice({ ...tenant, actor, input: { ...device, vehicleId } });
  },
);

/** Binds, moves (another vehicle) or unbinds (null) a device. */
export const bindDeviceAction = defineAction(
  { ...devices(field("deviceId")), input: bindSchema },
  async ({ input: { deviceId, vehicleId }, tenant, actor }) => {
    await bindDevice({ ...tenant, actor, deviceRowId: deviceId, vehicleId });
  },
);

export const unregisterDeviceAction = defineAction(
  { ...devices(field("deviceId")), input: z.object({ deviceId: idSchema }) },
  async ({ input: { deviceId }, tenant, actor }) => {
    await unregisterDevice({ ...tenant, actor, deviceRowId: deviceId });
  },
);

/** One step: the unclaimed device is registered and bound to the chosen vehicle. */
export const claimDeviceAction = defineAction(
  { ...devices(field("identifier")), input: claimSchema },
  async ({ input: { identifier, vehicleId }, tenant, actor }) => {
    await claimDevice({ ...tenant, actor, identifier, vehicleId });
  },
);

/** Creates an ingest token for a batch gateway; the token goes back in this one response only. */
export const createIngestTokenAction = defineAction({ ...ingestTokens(() => "new"), input: tokenSchema }, async ({ input: { name }, tenant, actor }) => {
  const { id, token } = await createIngestToken({ ...tenant, actor, name });
  return { created: { id: id!, name, token } };
});

export const revokeIngestTokenAction = defineAction(
  { ...ingestTokens(field("tokenId")), input: z.object({ tokenId: idSchema }) },
  async ({ input: { tokenId }, tenant: { db, companyId }, actor }) => {
    await revokeIngestToken({ db, companyId, id: tokenId, actor });
  },
);

const commandSchema = z
  .object({
    vehicleId: idSchema,
    kind: z.enum(DEVICE_COMMAND_KINDS),
    text: z.string().trim().max(CUSTOM_COMMAND_MAX, `At most ${CUSTOM_COMMAND_MAX} characters.`).optional(),
    confirm: z.string().optional(),
  })
  .refine((command) => command.kind !== "engineStop" || command.confirm === "on", {
    message: "Tick the box first: a stopped engine does not restart until you allow it.",
    path: ["confirm"],
  });

/** A command to the vehicle's tracker (engine stop or resume, a position now, the protocol's own text): queued, sent when the device is connected. */
export const sendDeviceCommandAction = defineAction(
  {
    action: "manageDevices",
    denied: { action: "device.denied", target: "device", id: field("vehicleId") },
    args: formFields,
    input: commandSchema,
    revalidate: [{ path: "/vehicles/[vehicleId]/edit", type: "page" }],
  },
  async ({ input: { vehicleId, kind, text }, tenant, actor }) => {
    const command = await queueDeviceCommand({ ...tenant, vehicleId, kind, text, actor });
    return { message: `“${command.text}” queued: the tracker gets it as soon as it is connected.` };
  },
);
