import { Link } from "@/components/ui/link";

/** A Previous or Next link; `enabled: false` shows it dimmed and out of the tab order (no such page). */
export type PageLink = { href: string; enabled: boolean };

const PageNavLink = ({ link, children }: { link: PageLink; children: string }) => (
  <Link className="button-link" href={link.href} aria-disabled={!link.enabled} tabIndex={link.enabled ? undefined : -1}>
    {children}
  </Link>
);

/** Previous and Next as plain links (they work without JavaScript) after where the shown rows lie. */
export const PageNav = ({ label, range, previous, next }: { label: string; range: string; previous: PageLink; next: PageLink }) => (
  <nav className="pager" aria-label={label}>
    <span data-testid="pager-range">{range}</span>
    <span className="spacer" />
    <PageNavLink link={previous}>Previous</PageNavLink>
    <PageNavLink link={next}>Next</PageNavLink>
  </nav>
);

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
  return (
    <PageNav
      label="Pages"
      range={count === 0 ? "No results" : `${offset + 1}–${Math.min(offset + limit, count)} of ${count.toLocaleString("en-US")}`}
      previous={{ href: href(Math.max(0, offset - limit)), enabled: offset > 0 }}
      next={{ href: href(offset + limit), enabled: offset + limit < count }}
    />
  );
};
