/** A tag tree as select options in tree order, children indented under their parent. */
export const tagOptions = (tags: readonly { id: number; name: string; parentTag: { id: number } | null }[]): { value: number; label: string }[] => {
  const ids = new Set(tags.map((tag) => tag.id));
  const childrenOf = new Map<number | null, (typeof tags)[number][]>();
  for (const tag of tags) {
    const parent = tag.parentTag && ids.has(tag.parentTag.id) ? tag.parentTag.id : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), tag]);
  }
  const options: { value: number; label: string }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const tag of [...(childrenOf.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name))) {
      options.push({ value: tag.id, label: `${"\u00a0\u00a0".repeat(depth)}${tag.name}` });
      walk(tag.id, depth + 1);
    }
  };
  walk(null, 0);
  return options;
};
