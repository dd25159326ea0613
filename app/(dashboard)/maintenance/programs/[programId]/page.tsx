import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { listTags } from "@/lib/fleet/tags";
import { listVehicles } from "@/lib/fleet/vehicles";
import { getProgram } from "@/lib/processing/maintenance";
import { convertDistance } from "@/lib/platform/units";
import { ProgramForm } from "../../program-form";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { pageRecord } from "@/app/_server/page-record";

export const metadata = { title: "Edit maintenance program" };

const Page = async ({ params }: { params: Promise<{ programId: string }> }) => {
  const user = await requireUser(SECTIONS.maintenance.roles.filter((role) => role !== "dispatcher"));
  const { programId } = await params;
  if (!/^\d{1,9}$/.test(programId)) notFound();
  const { distanceUnit: unit } = await companySettings(user.companyId);
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const program = await pageRecord(getProgram({ ...tenant, programId: Number(programId) }));
  const [vehicles, tags] = await Promise.all([listVehicles({ ...tenant, limit: 5_000 }), listTags({ ...tenant, limit: 1_000 })]);
  return (
    <section className="page">
      <LocalDataNotice subject="Maintenance programs" reason="programs and services are kept in this service's database." />
      <div className="page-head">
        <h1>{program.name}</h1>
        <div className="actions">
          <Link href="/maintenance" className="button-link">
            Maintenance
          </Link>
        </div>
      </div>
      <ProgramForm
        unit={unit}
        vehicles={[...vehicles].sort((a, b) => a.name.localeCompare(b.name)).map(({ id, name }) => ({ id, name }))}
        tags={tags.map(({ id, name }) => ({ id, name }))}
        program={{ ...program, intervalDistance: program.intervalMeters === null ? null : Number(convertDistance(program.intervalMeters, unit).toFixed(3)) }}
      />
    </section>
  );
};

export default Page;
