"use server";

import { redirect } from "next/navigation";
import { readTagForm, tagErrorField } from "@/lib/dashboard/view/tag-form";
import { createTag, deleteTag, patchTagSchema, updateTag } from "@/lib/fleet/tags";
import { z } from "zod";
import { asFormPost, defineAction } from "@/app/_server/define-action";

const PAGE = "/settings/tags";

/** A tag's page form or button: a signed-out or refused person goes to sign in or to /forbidden, as the page would send them. */
const pageForm = {
  action: "manageTags",
  denied: { action: "tag.denied", target: "tag", id: (raw: unknown) => (typeof raw === "object" && raw !== null ? (raw as { tagId?: unknown }).tagId : raw) },
  redirects: { signedOut: "/login", forbidden: "/forbidden" },
} as const;

/** A new tag (no tag id) names itself; a changed one is a patch of the fields the form sent. */
const tagFormInput = patchTagSchema
  .extend({ tagId: z.number().nullable() })
  .refine((tag) => tag.tagId !== null || tag.name !== undefined, { path: ["name"], message: "Give the tag a name." });

/** Creates (tagId null) or changes a tag from the page's form; members and parent as chosen. */
export const saveTagAction = defineAction(
  {
    ...pageForm,
    echo: true,
    errorField: tagErrorField,
    input: tagFormInput,
    args: (tagId: number | null, _previous: unknown, form: FormData) => ({ ...readTagForm(form), tagId }),
    revalidate: [PAGE],
  },
  async ({ input: { tagId, ...input }, tenant, actor }) => {
    if (tagId === null) await createTag({ ...tenant, input: { ...input, name: input.name! }, actor });
    else await updateTag({ ...tenant, tagId, input, mode: "patch", actor });
    redirect(`${PAGE}?saved=1`);
  },
);

/** Deletes a tag: its vehicles and drivers stay, its children move up to its parent. */
export const deleteTagAction = asFormPost(
  defineAction(
    {
      ...pageForm,
      input: z.number(),
      revalidate: [PAGE],
    },
    async ({ input: tagId, tenant, actor }) => {
      await deleteTag({ ...tenant, tagId, actor });
      redirect(`${PAGE}?deleted=1`);
    },
  ),
);
