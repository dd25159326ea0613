export { createTagSchema, patchTagSchema, replaceTagSchema, type TagInput } from "./tag-input";
export { listTags, type TagRow } from "./list-tags";
export { getTag } from "./get-tag";
export { createTag, updateTag, deleteTag } from "./save-tag";
export { resolveTagFilter, resolveTagMembers, type TagFilter, type TagMembers } from "./resolve-tag-filter";
export { setVehicleTags, findTagIdsByName } from "./tag-members";
export { findTagsByIds, requireTenantTags, type TagTiny } from "./require-tenant-tags";
