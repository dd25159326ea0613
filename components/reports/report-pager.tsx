import { PageNav } from "@/components/dashboard/pager";
import type { ReportPage } from "@/lib/reports/report-page";

const number = (value: number) => value.toLocaleString("en-US");

/** Under the report's table, when it has more than one page: "Rows 101–200 of 2,274", Previous and Next. */
export const ReportPager = ({ shown, pageHref }: { shown: ReportPage; pageHref: (page: number) => string }) =>
  shown.pageCount > 1 ? (
    <PageNav
      label="Report pages"
      range={`Rows ${number(shown.firstRow)}–${number(shown.lastRow)} of ${number(shown.rowCount)}`}
      previous={{ href: pageHref(Math.max(1, shown.page - 1)), enabled: shown.page > 1 }}
      next={{ href: pageHref(Math.min(shown.pageCount, shown.page + 1)), enabled: shown.page < shown.pageCount }}
    />
  ) : null;
