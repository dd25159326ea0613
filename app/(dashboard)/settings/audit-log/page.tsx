import { Link } from "@/components/ui/link";
import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { AuditLogFiltersForm } from "@/components/audit-log/audit-log-filters-form";
import { AuditLogTable } from "@/components/audit-log/audit-log-table";
import { EmptyState } from "@/components/dashboard/empty-state";
import { listAuditEvents, parseAuditLogParams, toAuditLogSearchParams, type AuditEventFilters } from "@/lib/platform/audit";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { AppError } from "@/lib/platform/errors";

export const metadata = { title: "Audit log" };

const PAGE_SIZE = 50;

const isBadRequest = (error: unknown): error is AppError => error instanceof AppError && error.code === "bad_request";

/**
 * The URL's filters and one page of events. A hand-edited URL (a range the parser refuses, a stale
 * cursor) shows the parser's message over the default view instead of an error page.
 */
const readPage = async ({ companyId, params, timeZone }: { companyId: number; params: Record<string, string | string[] | undefined>; timeZone: string }) => {
  const now = new Date();
  const list = (filters: AuditEventFilters, after?: string) => listAuditEvents({ db: getDb(), companyId, filters, after, limit: PAGE_SIZE });
  try {
    const parsed = parseAuditLogParams({ params, timeZone, now });
    return { ...parsed, page: await list(parsed.filters, parsed.after), problem: null };
  } catch (error) {
    if (!isBadRequest(error)) throw error;
    const fallback = parseAuditLogParams({ params: {}, timeZone, now });
    return { ...fallback, after: undefined, page: await list(fallback.filters), problem: `${error.message} Showing the last 30 days instead.` };
  }
};

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.auditLog.roles);
  const { timeZone } = await companySettings(user.companyId);
  const { params, page, after, problem } = await readPage({ companyId: user.companyId, params: await searchParams, timeZone });
  const search = toAuditLogSearchParams(params);
  const nextSearch = new URLSearchParams(search);
  if (page.endCursor) nextSearch.set("after", page.endCursor);
  return (
    <section className="page">
      <div className="page-head">
        <h1>Audit log</h1>
        <span className="muted">Times in {timeZone}</span>
        <div className="actions">
          <a className="button-link" href={`/settings/audit-log/export?${search}`} download data-testid="export-csv">
            Export CSV
          </a>
        </div>
      </div>
      <p className="muted">
        Every administrative change in your company: who made it, when, from which address, and what changed. Entries cannot be edited or deleted.
      </p>
      <AuditLogFiltersForm params={params} />
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      {page.events.length === 0 ? (
        <EmptyState title="No events match these filters">Widen the range or clear a filter.</EmptyState>
      ) : (
        <AuditLogTable events={page.events} timeZone={timeZone} />
      )}
      <nav className="pager" aria-label="Pages">
        {after && (
          <Link className="button-link" href={`/settings/audit-log?${search}`}>
            Newest events
          </Link>
        )}
        {page.endCursor && (
          <Link className="button-link" href={`/settings/audit-log?${nextSearch}`}>
            Older events
          </Link>
        )}
      </nav>
    </section>
  );
};

export default Page;
