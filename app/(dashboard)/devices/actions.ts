"use server";

// Every export of a "use server" module is a public endpoint: each action checks the session's role
// (a refusal is recorded as `device.denied` or `ingest_token.denied`) before touching the user's company.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getSessionUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { getDb } from "@/db/client";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { claimDevice } from "@/lib/devices/claim-device";
import { bindDevice, registerDevice, unregisterDevice } from "@/lib/devices/device-bindings";
import { deviceIdentifierSchema, deviceModelSchema, deviceNameSchema } from "@/lib/devices/device-input";
import { AppError } from "@/lib/errors";
import { fieldErrorsFromZod } from "@/lib/errors/field-errors";
import { newRequestId, toAppError } from "@/lib/http";
import { createIngestToken, revokeIngestToken } from "@/lib/ingest-batch/ingest-tokens";

const PAGE = "/devices";

type Failure = { ok: false; message: string; fieldErrors: Record<string, string> };
export type DeviceActionResult = { ok: true } | Failure;
export type CreateIngestTokenResult = { ok: true; created: { id: number; name: string; token: string } } | Failure;

const idSchema = z.coerce.number().int().positive("Give a numeric id.");
const vehicleIdSchema = z.coerce.number().int().positive("Choose a vehicle.");
const registerSchema = z.object({ identifier: deviceIdentifierSchema, model: deviceModelSchema, name: deviceNameSchema.optional(), vehicleId: vehicleIdSchema.nullable() });
const claimSchema = z.object({ identifier: deviceIdentifierSchema, vehicleId: vehicleIdSchema });
const bindSchema = z.object({ deviceId: idSchema, vehicleId: vehicleIdSchema.nullable() });
const tokenSchema = z.object({ name: z.string().trim().min(1, "Give the token a name.").max(255) });

/** The signed-in user allowed to do `action`, with their live tenant; a refusal is recorded against `target`. */
const authorized = async (action: "manageDevices" | "manageIngestTokens", target: string | number) => {
  const user = await getSessionUser();
  if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
  const actor = await sessionActor(user);
  const denied = action === "manageDevices" ? ({ action: "device.denied", target: { type: "device", id: target } } as const) : ({ action: "ingest_token.denied", target: { type: "ingest_token", id: target } } as const);
  await authorizeAction({ user, action, actor, denied });
  return { db: getDb(), companyId: user.companyId, dataset: "live" as const, actor };
};

const failure = (error: unknown): Failure => {
  const appError = toAppError(error, newRequestId());
  return { ok: false, message: appError.message, fieldErrors: {} };
};

/** Parses first (a crafted call may send anything), then checks the role, then acts. */
const act = async <S extends z.ZodType>(schema: S, input: unknown, run: (data: z.output<S>) => Promise<void>): Promise<DeviceActionResult> => {
  try {
    const parsed = schema.safeParse(input);
    if (!parsed.success) return { ok: false, message: "Check the highlighted fields.", fieldErrors: fieldErrorsFromZod(parsed.error) };
    await run(parsed.data);
    revalidatePath(PAGE);
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
};

export const registerDeviceAction = async (input: unknown) =>
  act(registerSchema, input, async ({ vehicleId, ...device }) => {
    const tenant = await authorized("manageDevices", device.identifier);
    await registerDevice({ ...tenant, input: { ...device, vehicleId } });
  });

/** Binds, moves (another vehicle) or unbinds (null) a device. */
export const bindDeviceAction = async (input: unknown) =>
  act(bindSchema, input, async ({ deviceId, vehicleId }) => {
    const tenant = await authorized("manageDevices", deviceId);
    await bindDevice({ ...tenant, deviceRowId: deviceId, vehicleId });
  });

export const unregisterDeviceAction = async (input: unknown) =>
  act(z.object({ deviceId: idSchema }), input, async ({ deviceId }) => {
    const tenant = await authorized("manageDevices", deviceId);
    await unregisterDevice({ ...tenant, deviceRowId: deviceId });
  });

/** One step: the unclaimed device is registered and bound to the chosen vehicle. */
export const claimDeviceAction = async (input: unknown) =>
  act(claimSchema, input, async ({ identifier, vehicleId }) => {
    const tenant = await authorized("manageDevices", identifier);
    await claimDevice({ ...tenant, identifier, vehicleId });
  });

/** Creates an ingest token for a batch gateway; the token goes back in this one response only. */
export const createIngestTokenAction = async (input: unknown): Promise<CreateIngestTokenResult> => {
  try {
    const parsed = tokenSchema.safeParse(input);
    if (!parsed.success) return { ok: false, message: "Check the highlighted fields.", fieldErrors: fieldErrorsFromZod(parsed.error) };
    const tenant = await authorized("manageIngestTokens", "new");
    const { id, token } = await createIngestToken({ ...tenant, name: parsed.data.name });
    revalidatePath(PAGE);
    return { ok: true, created: { id: id!, name: parsed.data.name, token } };
  } catch (error) {
    return failure(error);
  }
};

export const revokeIngestTokenAction = async (input: unknown) =>
  act(z.object({ tokenId: idSchema }), input, async ({ tokenId }) => {
    const { db, companyId, actor } = await authorized("manageIngestTokens", tokenId);
    await revokeIngestToken({ db, companyId, id: tokenId, actor });
  });
