"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { fetchJson } from "@/components/dashboard/fetch-json";
import { useHosTracked } from "@/components/ui/company-units";
import { useTimeZone } from "@/components/ui/time-zone";
import { useReturnFocus } from "@/components/ui/use-return-focus";
import { formatDistance, formatDuration, formatSpeed, type DistanceUnit } from "@/lib/platform/units";
import { STATUS_COLORS } from "@/lib/dashboard/view/vehicle-status";
import type { VehicleDetails } from "@/lib/dashboard/data/types";
import { DUTY_STATUS_NAMES } from "@/lib/hos/rules/duty-status-names";
import type { DutyStatus } from "@/lib/hos/rules/types";
import { formatDateTime } from "@/lib/platform/zoned-time";
import type { ListedVehicle } from "./live-map-screen";
import { ShareLiveLocation, type ShareLiveLocationAction } from "./share-live-location";
import { describeSafetyEvent } from "@/lib/dashboard/view/safety-event-labels";

/** The duty status's name (the one table in lib/hos/rules); an unknown value from an upstream API as it came. */
const dutyStatusName = (status: string) => DUTY_STATUS_NAMES[status as DutyStatus]?.name ?? status;

const Row = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <div className="kv">
    <dt>{label}</dt>
    <dd data-testid={testId}>{value}</dd>
  </div>
);

/** A list of the panel's details: a dash until they load, "None" when empty. */
const PanelList = <T,>({
  items,
  testId,
  entry,
}: {
  items: readonly T[] | undefined;
  testId: string;
  entry: (item: T) => { key: string; content: ReactNode };
}) => {
  if (!items) return <p className="muted small">—</p>;
  if (items.length === 0)
    return (
      <p className="muted small" data-testid={testId}>
        None
      </p>
    );
  return (
    <ul className="fault-list" data-testid={testId}>
      {items.map((item) => {
        const { key, content } = entry(item);
        return <li key={key}>{content}</li>;
      })}
    </ul>
  );
};

/** The selected vehicle: live values from the map's store, driver, faults and HOS from the details route. */
export const VehiclePanel = ({
  listed,
  unit,
  onClose,
  synthetic,
  shareAction,
}: {
  listed: ListedVehicle;
  unit: DistanceUnit;
  onClose: () => void;
  synthetic: boolean;
  /** Absent when the role may not share a live location. */
  shareAction?: ShareLiveLocationAction;
}) => {
  const { vehicle, status, label, outOfService } = listed;
  const timeZone = useTimeZone();
  useReturnFocus();
  const details = useQuery({
    queryKey: ["vehicle-details", vehicle.id],
    enabled: !synthetic,
    refetchInterval: 15_000,
    queryFn: ({ signal }) => fetchJson<VehicleDetails>(`/api/dashboard/vehicles/${vehicle.id}`, signal),
  });
  const { location, stats } = vehicle;
  const lastUpdate = [location?.time, stats?.time].filter(Boolean).sort().at(-1);
  const clocks = details.data?.hosClocks;
  const hosTracked = useHosTracked();
  return (
    <aside className="vehicle-panel" aria-label={`Vehicle ${vehicle.name}`} data-testid="vehicle-panel">
      <header className="vehicle-panel-head">
        <div>
          <h2>{vehicle.name}</h2>
          <div className="muted small">
            {vehicle.vin} · {vehicle.plateNumber}
          </div>
        </div>
        <button type="button" className="icon-button" aria-label={`Close the panel of ${vehicle.name}`} onClick={onClose}>
          ×
        </button>
      </header>
      <div className="status-pill" style={{ background: STATUS_COLORS[status] }} data-testid="panel-status">
        {label}
      </div>
      {outOfService && (
        <p className="badge status-revoked" data-testid="panel-out-of-service">
          Out of service: an inspection found it not safe to operate, and a defect is still open
        </p>
      )}
      <dl className="kv-list">
        {/* The details' driver once they came (refetched: an assignment made meanwhile shows), the snapshot's until then. */}
        <Row label="Driver" value={(details.data ? details.data.driver?.name : vehicle.driverName) ?? "—"} testId="panel-driver" />
        <Row label="Speed" value={formatSpeed(location?.speed, unit)} testId="panel-speed" />
        <Row label="Fuel" value={stats?.fuelPercent == null ? "—" : `${Math.round(stats.fuelPercent)} %`} testId="panel-fuel" />
        <Row label="Odometer" value={formatDistance(stats?.odometerMeters, unit, 0)} testId="panel-odometer" />
        {/* A phone (OsmAnd) or a tracker without an ignition wire reports no engine: no engine rows then. */}
        {stats?.engineSeconds != null ? (
          <Row label="Engine hours" value={`${(stats.engineSeconds / 3600).toLocaleString("en-US", { maximumFractionDigits: 1 })} h`} />
        ) : null}
        {stats?.engineState ? <Row label="Engine" value={stats.engineState} /> : null}
        <Row label="Position" value={location ? `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}` : "—"} testId="panel-position" />
        {location?.formattedLocation ? <Row label="Near" value={location.formattedLocation} /> : null}
        <Row label="Last update" value={lastUpdate ? formatDateTime(lastUpdate, timeZone, { seconds: true }) : "Never"} testId="panel-last-update" />
      </dl>
      <h3>Hours of service</h3>
      {!hosTracked ? (
        <p className="muted small">Not tracked for this company.</p>
      ) : details.isPending && !synthetic ? (
        <p className="muted small">Loading…</p>
      ) : details.error ? (
        <p className="text-danger small">{details.error.message}</p>
      ) : clocks ? (
        <dl className="kv-list" data-testid="panel-hos">
          <Row label="Duty status" value={dutyStatusName(clocks.currentStatus)} />
          <Row label="Drive left" value={formatDuration(clocks.driveRemainingMs)} />
          <Row label="Shift left" value={formatDuration(clocks.shiftRemainingMs)} />
          <Row label="Until break" value={formatDuration(clocks.timeUntilBreakMs)} />
          <Row label="Cycle left" value={formatDuration(clocks.cycleRemainingMs)} />
        </dl>
      ) : (
        <p className="muted small">No hours-of-service log for this driver.</p>
      )}
      <h3>Active fault codes</h3>
      <PanelList
        items={details.data?.activeFaultCodes}
        testId="panel-faults"
        entry={(fault) => ({
          key: `${fault.code}-${fault.firstSeenAt}`,
          content: (
            <>
              <strong>{fault.code}</strong> {fault.description}
              <div className="muted small">since {formatDateTime(fault.firstSeenAt, timeZone)}</div>
            </>
          ),
        })}
      />
      <h3>Safety events, last 24 hours</h3>
      <PanelList
        items={details.data?.recentSafetyEvents}
        testId="panel-safety-events"
        entry={(event) => ({
          key: event.id,
          content: (
            <>
              <Link href={`/playback?vehicle=${vehicle.id}&at=${encodeURIComponent(event.time)}`}>{describeSafetyEvent(event)}</Link>
              <div className="muted small">{formatDateTime(event.time, timeZone)}</div>
            </>
          ),
        })}
      />
      {shareAction && !synthetic ? <ShareLiveLocation vehicleId={vehicle.id} vehicleName={vehicle.name} shareAction={shareAction} /> : null}
      <div className="panel-links">
        <Link className="button" href={`/playback?vehicle=${vehicle.id}`}>
          Playback
        </Link>
        <Link className="button" href={`/stats?vehicle=${vehicle.id}`}>
          Stats
        </Link>
      </div>
    </aside>
  );
};
