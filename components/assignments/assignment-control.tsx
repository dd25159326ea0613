"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";

/** What the assignment server actions answer. */
export type AssignmentActionResult = { ok: true } | { ok: false; message: string };

type Props = {
  driverName: string;
  vehicles: { id: number; name: string }[];
  /** The driver's assignment running now, if there is one (a static vehicle is not an assignment). */
  current: { assignmentId: number; vehicleName: string } | null;
  assign: (vehicleId: number) => Promise<AssignmentActionResult>;
  end: (assignmentId: number) => Promise<AssignmentActionResult>;
};

/** Assign a vehicle to the driver from now, or end the running assignment. */
export const VehicleAssignmentControl = ({ driverName, vehicles, current, assign, end }: Props) => {
  const selectId = useId();
  const [vehicleId, setVehicleId] = useState("");
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  const router = useRouter();
  const perform = (work: () => Promise<AssignmentActionResult>, success: string) =>
    startTransition(async () => {
      const result = await work();
      setMessage(result.ok ? { error: false, text: success } : { error: true, text: result.message });
      if (result.ok) router.refresh();
    });
  return (
    <div className="assignment-control" data-testid="assignment-control">
      <form
        className="filters"
        aria-label={`Assign a vehicle to ${driverName}`}
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = vehicles.find((vehicle) => String(vehicle.id) === vehicleId);
          if (chosen) perform(() => assign(chosen.id), `${chosen.name} assigned to ${driverName} from now.`);
          else setMessage({ error: true, text: "Choose a vehicle." });
        }}
      >
        <label htmlFor={selectId}>Vehicle</label>
        <select id={selectId} value={vehicleId} onChange={(event) => setVehicleId(event.target.value)}>
          <option value="">Choose a vehicle</option>
          {vehicles.map((vehicle) => (
            <option key={vehicle.id} value={vehicle.id}>
              {vehicle.name}
            </option>
          ))}
        </select>
        <button type="submit" className="button-primary" disabled={isPending}>
          Assign from now
        </button>
        {current && (
          <button type="button" className="button" disabled={isPending} onClick={() => perform(() => end(current.assignmentId), `Assignment of ${current.vehicleName} ended.`)}>
            End assignment of {current.vehicleName}
          </button>
        )}
      </form>
      {message && (
        <p role={message.error ? "alert" : "status"} className={message.error ? "text-danger small" : "muted small"}>
          {message.text}
        </p>
      )}
    </div>
  );
};
