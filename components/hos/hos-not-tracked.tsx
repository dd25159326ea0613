import { Link } from "@/components/ui/link";

/**
 * What the HOS pages and the drivers' logbook show for a company whose HOS rules are "none"
 * (Company settings): no clocks, logs or violations measured against rules it does not keep.
 */
export const HosNotTracked = ({ title, canChange }: { title: string; canChange: boolean }) => (
  <section className="page">
    <h1>{title}</h1>
    <div className="empty-state" role="status" data-testid="hos-not-tracked">
      <strong>Hours of service are not tracked for this company</strong>
      <p className="muted">
        Its HOS rules are set to none, so there are no duty clocks, logs or violations to show.{" "}
        {canChange ? (
          <>
            Choose FMCSA rules in <Link href="/settings/company">Company settings</Link> to start tracking them.
          </>
        ) : (
          "An admin can turn them on in Company settings."
        )}
      </p>
    </div>
  </section>
);
