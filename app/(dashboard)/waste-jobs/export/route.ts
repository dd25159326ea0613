import { getRequestUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { canDo } from "@/lib/auth/role-policy";
import { AppError } from "@/lib/errors";
import { runRequest } from "@/lib/http";
import { hasCompanyModule } from "@/lib/dashboard/has-company-module";
import { streamWasteJobsCsv } from "@/lib/dashboard/stream-waste-jobs-csv";
import { parseWasteJobFilters } from "@/lib/dashboard/waste-job-filters";

export const dynamic = "force-dynamic";

/** CSV of every waste job matching the page's filters; same roles and module as the page. */
export const GET = (request: Request) =>
  runRequest(request, async ({ log }) => {
    const user = await getRequestUser(request);
    if (!user) throw new AppError("unauthorized", "Sign in to export waste jobs.");
    Object.assign(log, { companyId: user.companyId, userId: user.id });
    if (!canDo(user.role, "exportWasteJobs")) throw new AppError("forbidden", "Your role cannot export waste jobs.");
    const db = getDb();
    if (!(await hasCompanyModule({ db, companyId: user.companyId, module: "Waste" }))) throw new AppError("forbidden", "Your company does not have the Waste module.");
    const { query } = parseWasteJobFilters(Object.fromEntries(new URL(request.url).searchParams));
    const day = new Date().toISOString().slice(0, 10);
    return new Response(streamWasteJobsCsv({ db, companyId: user.companyId, dataset: "live", ...query }), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="waste-jobs-${day}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });
