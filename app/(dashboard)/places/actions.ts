"use server";

// Every export of a "use server" module is a public endpoint: each action checks the session's role
// (a refusal is recorded as `place.denied`) before touching a place of the user's company.
import { revalidatePath } from "next/cache";
import { getSessionUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { getDb } from "@/db/client";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { AppError } from "@/lib/errors";
import { fieldErrorsFromZod } from "@/lib/errors/field-errors";
import { newRequestId, toAppError } from "@/lib/http";
import { createPlace, deletePlace, updatePlace } from "@/lib/places/manage-places";
import { createPlaceSchema, updatePlaceSchema } from "@/lib/places/place-input";

const PAGE = "/places";

export type PlaceActionResult = { ok: true; id: number } | { ok: false; message: string; fieldErrors: Record<string, string> };

const signedInEditor = async (target: string | number) => {
  const user = await getSessionUser();
  if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
  const actor = await sessionActor(user);
  await authorizeAction({ user, action: "editPlaces", actor, denied: { action: "place.denied", target: { type: "place", id: target } } });
  return { tenant: { companyId: user.companyId, dataset: "live" as const }, actor };
};

const failure = (error: unknown): PlaceActionResult => ({ ok: false, message: toAppError(error, newRequestId()).message, fieldErrors: {} });

const readId = (value: unknown) => {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) throw new AppError("bad_request", "Give a numeric id.");
  return value;
};

export const createPlaceAction = async (input: unknown): Promise<PlaceActionResult> => {
  try {
    const { tenant, actor } = await signedInEditor("new");
    const parsed = createPlaceSchema.safeParse(input);
    if (!parsed.success) return { ok: false, message: "Check the highlighted fields.", fieldErrors: fieldErrorsFromZod(parsed.error) };
    const row = await createPlace({ db: getDb(), ...tenant, input: parsed.data, actor });
    revalidatePath(PAGE);
    return { ok: true, id: row.id };
  } catch (error) {
    return failure(error);
  }
};

export const updatePlaceAction = async (placeId: unknown, input: unknown): Promise<PlaceActionResult> => {
  try {
    const id = readId(placeId);
    const { tenant, actor } = await signedInEditor(id);
    const parsed = updatePlaceSchema.safeParse(input);
    if (!parsed.success) return { ok: false, message: "Check the highlighted fields.", fieldErrors: fieldErrorsFromZod(parsed.error) };
    await updatePlace({ db: getDb(), ...tenant, placeId: id, input: parsed.data, actor });
    revalidatePath(PAGE);
    return { ok: true, id };
  } catch (error) {
    return failure(error);
  }
};

export const deletePlaceAction = async (placeId: unknown): Promise<PlaceActionResult> => {
  try {
    const id = readId(placeId);
    const { tenant, actor } = await signedInEditor(id);
    await deletePlace({ db: getDb(), ...tenant, placeId: id, actor });
    revalidatePath(PAGE);
    return { ok: true, id };
  } catch (error) {
    return failure(error);
  }
};
