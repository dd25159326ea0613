import { companySettings } from "@/app/_server/company-settings";
import { getRequestUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { canDo } from "@/lib/auth/role-policy";
import { AppError } from "@/lib/errors";
import { runRequest } from "@/lib/http";
import { streamWasteJobsCsv } from "@/lib/dashboard/stream-waste-jobs-csv";
import { parseWasteJobFilters } from "@/lib/dashboard/waste-job-filters";
import { dayInZone } from "@/lib/time-zone/zoned-time";

export const dynamic = "force-dynamic";

/** CSV of every waste job matching the page's filters; same roles and module as the page. */
export const GET = (request: Request) =>
  runRequest(request, async ({ log }) => {
    const user = await getRequestUser(request);
    if (!user) throw new AppError("unauthorized", "Sign in to export waste jobs.");
    Object.assign(log, { companyId: user.companyId, userId: user.id });
    if (!canDo(user.role, "exportWasteJobs")) throw new AppError("forbidden", "Your role cannot export waste jobs.");
    const { modules, timeZone } = await companySettings(user.companyId);
    if (!modules.includes("Waste")) throw new AppError("forbidden", "Your company does not have the Waste module.");
    const now = new Date();
    const { query } = parseWasteJobFilters({ params: Object.fromEntries(new URL(request.url).searchParams), timeZone, now });
    const day = dayInZone(now, timeZone);
    return new Response(streamWasteJobsCsv({ db: getDb(), companyId: user.companyId, dataset: "live", timeZone, ...query }), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="waste-jobs-${day}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });
