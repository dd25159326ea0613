import { AppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";
import { listTags, type TagRow } from "./list-tags";

/** One of the tenant's tags; 404 when the tenant has no tag with that id. */
export const getTag = async ({ db, companyId, dataset, tagId }: TenantQuery & { tagId: number }): Promise<TagRow> => {
  const [tag] = await listTags({ db, companyId, dataset, tagIds: [tagId], limit: 1 });
  if (!tag) throw new AppError("not_found", `No tag with id ${tagId}.`);
  return tag;
};
