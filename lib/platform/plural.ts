/** "1 row", "2 rows", "1,000 rows": a count and its noun, in the singular for exactly one. */
export const countOf = (count: number, singular: string, plural = `${singular}s`) => `${count.toLocaleString("en-US")} ${count === 1 ? singular : plural}`;
