import { Link } from "@/components/ui/link";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { getDvirRetention, listDefectTypes } from "@/lib/fleet/inspections";
import { retireDefectTypeAction } from "./actions";
import { AddItemForm } from "./add-item-form";
import { RetentionForm } from "./retention-form";
import { SECTION_LABELS } from "./section-labels";

export const metadata = { title: "Inspection checklist" };

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.inspections.roles);
  const params = await searchParams;
  const canEdit = canDo(user.role, "editChecklist");
  const items = await listDefectTypes({ db: getDb(), companyId: user.companyId, dataset: "live" });
  const retention = await getDvirRetention({ db: getDb(), companyId: user.companyId });
  return (
    <section className="page">
      <LocalDataNotice subject="The inspection checklist" reason="its items are kept in this service's database, with the drivers' reports." />
      <div className="page-head">
        <h1>Inspection checklist</h1>
        <span className="muted">What drivers check on a pre- or post-trip inspection (49 CFR 396.11(a)(2) by default)</span>
        <div className="actions">
          <Link href="/inspections" className="button-link">
            Inspections
          </Link>
        </div>
      </div>
      {(params.added || params.retired || params.retention) && (
        <div className="alert alert-info" role="status">
          {params.added
            ? "Item added: drivers see it on their next inspection."
            : params.retired
              ? "Item retired: past reports keep it."
              : "Retention saved: the next daily run applies it."}
        </div>
      )}
      <ScrollRegion label="Checklist items">
        <table className="data cards-on-phone" aria-label="Checklist items">
          <thead>
            <tr>
              <th>Item</th>
              <th>Where on the vehicle</th>
              {canEdit && <th aria-label="Actions" />}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td className="cell-strong" data-label="Item">
                  {item.label}
                </td>
                <td data-label="Where on the vehicle">{SECTION_LABELS[item.sectionType]}</td>
                {canEdit && (
                  <td className="cell-actions">
                    <form action={retireDefectTypeAction.bind(null, item.id)}>
                      <button type="submit" className="button button-small" aria-label={`Retire ${item.label}`}>
                        Retire
                      </button>
                    </form>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {canEdit ? (
        <>
          <AddItemForm />
          <RetentionForm months={retention.months} />
        </>
      ) : (
        <>
          <p className="muted">Your role can read the checklist; admins and managers change it.</p>
          <p className="muted">
            Reports are kept {retention.months === null ? "forever" : `${retention.months} months`}, then deleted with their photos (never one with a defect
            still open).
          </p>
        </>
      )}
    </section>
  );
};

export default Page;
