"use client";

import { useEffect, useRef } from "react";
import { formatSpeed, type DistanceUnit } from "@/lib/platform/units";
import { STATUS_COLORS } from "@/lib/dashboard/view/vehicle-status";
import type { ListedVehicle } from "./live-map-screen";

/** Rows beyond this are not drawn: searching narrows the list (10,000 rows would stall the page). */
const MAX_ROWS = 300;

export const VehicleList = ({
  items,
  selectedId,
  onSelect,
  unit,
}: {
  items: ListedVehicle[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  unit: DistanceUnit;
}) => {
  const selectedRow = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    selectedRow.current?.scrollIntoView({ block: "nearest" });
  }, [selectedId]);
  if (items.length === 0) return <p className="list-empty muted">No vehicle matches. Clear the search or pick another state.</p>;
  return (
    <>
      <ul className="vehicle-list" data-testid="vehicle-list">
        {items.slice(0, MAX_ROWS).map(({ vehicle, status, label, outOfService }) => (
          <li key={vehicle.id} ref={vehicle.id === selectedId ? selectedRow : undefined}>
            <button
              type="button"
              className="vehicle-row"
              aria-current={vehicle.id === selectedId ? "true" : undefined}
              onClick={() => onSelect(vehicle.id)}
              data-vehicle-id={vehicle.id}
            >
              <span className="dot" style={{ background: STATUS_COLORS[status] }} title={label} />
              <span className="vehicle-row-main">
                <span className="vehicle-row-name">
                  {vehicle.name}
                  {outOfService && <span className="badge status-revoked">Out of service</span>}
                </span>
                <span className="vehicle-row-sub">{vehicle.driverName ?? "No driver"}</span>
              </span>
              <span className="vehicle-row-side">
                <span className={`status-text status-${status}`}>{label}</span>
                <span className="vehicle-row-sub">{status === "moving" ? formatSpeed(vehicle.location?.speed, unit) : ""}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <p className="list-count muted" data-testid="list-count">
        {items.length > MAX_ROWS
          ? `Showing ${MAX_ROWS} of ${items.length.toLocaleString("en-US")} — search to narrow`
          : `${items.length} vehicle${items.length === 1 ? "" : "s"}`}
      </p>
    </>
  );
};
