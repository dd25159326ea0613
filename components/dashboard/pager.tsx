import Link from "next/link";

/** Offset paging links that keep the page's other query parameters. */
export const Pager = ({
  basePath,
  params,
  offset,
  limit,
  count,
}: {
  basePath: string;
  params: URLSearchParams;
  offset: number;
  limit: number;
  count: number;
}) => {
  const href = (nextOffset: number) => {
    const query = new URLSearchParams(params);
    if (nextOffset > 0) query.set("offset", String(nextOffset));
    else query.delete("offset");
    const text = query.toString();
    return text ? `${basePath}?${text}` : basePath;
  };
  const hasPrevious = offset > 0;
  const hasNext = offset + limit < count;
  return (
    <nav className="pager" aria-label="Pages">
      <span data-testid="pager-range">
        {count === 0 ? "No results" : `${offset + 1}–${Math.min(offset + limit, count)} of ${count.toLocaleString("en-US")}`}
      </span>
      <span className="spacer" />
      <Link className="button-link" href={href(Math.max(0, offset - limit))} aria-disabled={!hasPrevious} tabIndex={hasPrevious ? undefined : -1}>
        Previous
      </Link>
      <Link className="button-link" href={href(offset + limit)} aria-disabled={!hasNext} tabIndex={hasNext ? undefined : -1}>
        Next
      </Link>
    </nav>
  );
};
