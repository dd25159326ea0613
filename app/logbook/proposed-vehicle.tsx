import type { Executor } from "@/db/client";
import type { Dataset } from "@/db/schema";
import { showDriverProposal } from "@/lib/fleet/assignments";
import { ProposalAnswer } from "./page-client";

/**
 * The vehicle the carrier proposes to the driver (Samsara's carrier-proposed assignments), with its
 * trailers and shipping documents, to accept or reject; showing it marks it seen. Nothing when none waits.
 */
export const ProposedVehicle = async ({
  db,
  companyId,
  dataset,
  driverId,
  now,
}: {
  db: Executor;
  companyId: number;
  dataset: Dataset;
  driverId: number;
  now: Date;
}) => {
  const proposal = await showDriverProposal({ db, companyId, dataset, driverId, now });
  if (!proposal) return null;
  return (
    <section className="page" aria-labelledby="proposal-heading" data-testid="proposed-vehicle">
      <h2 id="proposal-heading">Vehicle proposed to you</h2>
      <p className="muted">Your carrier proposes this vehicle. Accepted, it is assigned to you from now.</p>
      <div className="logbook-card">
        <strong>{proposal.vehicle.name}</strong>
        {proposal.trailerNames.length > 0 && <span>Trailers: {proposal.trailerNames.join(", ")}</span>}
        {proposal.shippingDocs && <span>Shipping documents: {proposal.shippingDocs}</span>}
        <ProposalAnswer proposalId={proposal.id} />
      </div>
    </section>
  );
};
