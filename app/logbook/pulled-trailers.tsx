import type { Executor } from "@/db/client";
import type { Dataset } from "@/db/schema";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { listDriverTrailerAssignments } from "@/lib/fleet/trailers";
import { TrailerDrop, TrailerPick } from "./page-client";

/** A fleet has at most this many trailers in the picker (a longer list is no use on a phone). */
const PICKER_LIMIT = 500;

/**
 * The trailers the driver pulls (their driver-trailer assignments in effect), each to drop, and the
 * company's other trailers to pick: what the ELD header and the DVIR name.
 */
export const PulledTrailers = async ({ db, companyId, dataset, driverId }: { db: Executor; companyId: number; dataset: Dataset; driverId: number }) => {
  const tenant = { db, companyId, dataset };
  const [pulled, trailers] = await Promise.all([
    listDriverTrailerAssignments({ ...tenant, driverIds: [driverId], limit: 50 }),
    listVehicles({ ...tenant, kind: "trailer", limit: PICKER_LIMIT }),
  ]);
  const nameOf = new Map(trailers.map((trailer) => [trailer.id, trailer.name]));
  const pulledIds = new Set(pulled.map((assignment) => assignment.trailerId));
  const choices = trailers.filter((trailer) => !pulledIds.has(trailer.id)).map(({ id, name }) => ({ id, name }));
  if (pulled.length === 0 && choices.length === 0) return null;
  return (
    <section className="page" aria-labelledby="trailers-heading" data-testid="pulled-trailers">
      <h2 id="trailers-heading">Trailers</h2>
      {pulled.length === 0 ? (
        <p className="muted">You pull no trailer.</p>
      ) : (
        <ul className="logbook-cards" aria-label="Trailers you pull">
          {pulled.map((assignment) => (
            <li key={assignment.id} className="logbook-card">
              <strong>{nameOf.get(assignment.trailerId) ?? `Trailer ${assignment.trailerId}`}</strong>
              <TrailerDrop assignmentId={assignment.id} />
            </li>
          ))}
        </ul>
      )}
      {choices.length > 0 && <TrailerPick trailers={choices} />}
    </section>
  );
};
