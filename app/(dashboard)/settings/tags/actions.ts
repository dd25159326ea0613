"use server";

// Every export of a "use server" module is a public endpoint: each action checks the session's role
// (a refusal is recorded as `tag.denied`) before touching a tag of the user's company. The tag form
// (its answer keeps the form's own state) is not on defineAction yet.
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { requireUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { getDb } from "@/db/client";
import { authorizeAction } from "@/lib/access/auth/authorize-action";
import { readTagForm, type TagFormState } from "@/lib/dashboard/view/tag-form";
import { AppError, isAppError } from "@/lib/platform/errors";
import { fieldErrorsFromZod } from "@/lib/platform/errors/field-errors";
import { createTag, createTagSchema, deleteTag, patchTagSchema, updateTag } from "@/lib/fleet/tags";
import { z } from "zod";
import { asFormPost, defineAction } from "@/app/_server/define-action";

const PAGE = "/settings/tags";

/** The signed-in manager or admin and their live tenant; others go to /forbidden (and the attempt is logged). */
const tagEditor = async (target: number | "new") => {
  const user = await requireUser();
  const actor = await sessionActor(user);
  try {
    await authorizeAction({ user, action: "manageTags", actor, denied: { action: "tag.denied", target: { type: "tag", id: target } } });
  } catch (error) {
    if (error instanceof AppError && error.code === "forbidden") redirect("/forbidden");
    throw error;
  }
  return { actor, tenant: { db: getDb(), companyId: user.companyId, dataset: "live" as const } };
};

/** Creates (tagId null) or changes a tag from the page's form; members and parent as chosen. */
export const saveTagAction = async (tagId: number | null, _previous: TagFormState, form: FormData): Promise<TagFormState> => {
  const { actor, tenant } = await tagEditor(tagId ?? "new");
  const parsed = (tagId === null ? createTagSchema : patchTagSchema).safeParse(readTagForm(form));
  if (!parsed.success) return { status: "error", fieldErrors: fieldErrorsFromZod(parsed.error) };
  try {
    if (tagId === null) await createTag({ ...tenant, input: { ...parsed.data, name: parsed.data.name! }, actor });
    else await updateTag({ ...tenant, tagId, input: parsed.data, mode: "patch", actor });
  } catch (error) {
    if (!isAppError(error) || !["bad_request", "not_found"].includes(error.code)) throw error;
    const field = ["parentTagId", "vehicles", "drivers"].find((name) => error.message.includes(`"${name}"`));
    return { status: "error", message: field ? undefined : error.message, fieldErrors: field ? { [field]: error.message } : {} };
  }
  revalidatePath(PAGE);
  redirect(`${PAGE}?saved=1`);
};

/** Deletes a tag: its vehicles and drivers stay, its children move up to its parent. */
export const deleteTagAction = asFormPost(
  defineAction(
    {
      action: "manageTags",
      denied: { action: "tag.denied", target: "tag", id: (raw) => raw },
      redirects: { signedOut: "/login", forbidden: "/forbidden" },
      input: z.number(),
      revalidate: [PAGE],
    },
    async ({ input: tagId, tenant, actor }) => {
      await deleteTag({ ...tenant, tagId, actor });
      redirect(`${PAGE}?deleted=1`);
    },
  ),
);
