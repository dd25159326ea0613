"use client";

import "@/components/dashboard/dashboard.css";
import dynamic from "next/dynamic";
import { Link } from "@/components/ui/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Notice } from "@/components/dashboard/states";
import { useDistanceUnit } from "@/components/ui/company-units";
import { useTimeZone } from "@/components/ui/time-zone";
import { classifyVehicleStatus, STATUS_COLORS, STATUS_LABELS, statusLabel, VEHICLE_STATUSES, type VehicleStatus } from "@/lib/dashboard/view/vehicle-status";
import type { LiveVehicle } from "@/lib/dashboard/data/types";
import { formatTime } from "@/lib/platform/zoned-time";
import type { MapVehicle } from "./fleet-map";
import type { MapStart } from "@/lib/fleet/places/map-start";
import { useLiveFleet } from "./use-live-fleet";
import { VehicleList } from "./vehicle-list";
import type { ShareLiveLocationAction } from "./share-live-location";
import { VehiclePanel } from "./vehicle-panel";

// Leaflet touches `window` on import: load it in the browser only, and only on this page.
const FleetMap = dynamic(() => import("./fleet-map"), { ssr: false, loading: () => <div className="fleet-map map-loading">Loading map…</div> });

/** A vehicle of the list, its state and that state's name ("Never reported" for an offline vehicle never heard from). */
/** `outOfService`: an inspection declared it not safe to operate and a defect of it is still open. */
export type ListedVehicle = { vehicle: LiveVehicle; status: VehicleStatus; label: string; outOfService: boolean };

const lastReportMs = (vehicle: LiveVehicle) =>
  Math.max(vehicle.location ? Date.parse(vehicle.location.time) : 0, vehicle.stats ? Date.parse(vehicle.stats.time) : 0) || null;

/** A vehicle carries the tag, or a tag right below it (the map knows each tag's parent, not the whole tree). */
const hasTag = (vehicle: LiveVehicle, tagId: string) => !tagId || vehicle.tags.some((tag) => tag.id === tagId || tag.parentTagId === tagId);

/** The tags the fleet's vehicles carry and their parents, by name, for the tag filter. */
const tagChoices = (vehicles: readonly LiveVehicle[]) => {
  const names = new Map<string, string>();
  for (const vehicle of vehicles) for (const tag of vehicle.tags) names.set(tag.id, tag.name);
  const parents = new Map<string, string | null>();
  for (const vehicle of vehicles) for (const tag of vehicle.tags) if (tag.parentTagId) parents.set(tag.parentTagId, names.get(tag.parentTagId) ?? null);
  return [...names, ...[...parents].filter(([id, name]) => name !== null && !names.has(id))]
    .map(([id, name]) => ({ id, name: name! }))
    .sort((a, b) => a.name.localeCompare(b.name));
};

const matches = (vehicle: LiveVehicle, search: string) =>
  !search || [vehicle.name, vehicle.vin, vehicle.driverName ?? "", vehicle.plateNumber].some((field) => field.toLowerCase().includes(search));

export const LiveMapScreen = ({
  tileUrl,
  attribution,
  start,
  shareAction,
  canAddVehicles = false,
  outOfServiceIds = [],
}: {
  tileUrl: string;
  attribution: string;
  start: MapStart;
  shareAction?: ShareLiveLocationAction;
  /** The empty fleet's next step: add a vehicle (a role that may), else ask an admin. */
  canAddVehicles?: boolean;
  /** The vehicles out of service when the page was made (lib/fleet/inspections/out-of-service.ts). */
  outOfServiceIds?: readonly string[];
}) => {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const synthetic = Number(params.get("synthetic")) || null;
  const { vehicles, version, lastUpdate, streaming, isLoading, error, refetch } = useLiveFleet({ synthetic });
  const unit = useDistanceUnit();
  const [search, setSearch] = useState("");
  const [statusFilter, setStatusFilter] = useState<VehicleStatus | "all">("all");
  const [tagFilter, setTagFilter] = useState("");
  const [focus, setFocus] = useState<{ id: string; nonce: number } | null>(null);
  // On narrow screens the list is a sheet over the map, closed until asked for.
  const [listOpen, setListOpen] = useState(false);
  const timeZone = useTimeZone();
  const selectedId = params.get("vehicle");
  // Offline depends on the clock as well as on the data: re-evaluate every 30 s.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const outOfService = useMemo(() => new Set(outOfServiceIds), [outOfServiceIds]);
  const classified = useMemo<ListedVehicle[]>(() => {
    if (!vehicles) return [];
    const nowMs = Math.max(now, lastUpdate ?? 0);
    return [...vehicles.values()].map((vehicle) => {
      const last = lastReportMs(vehicle);
      const status = classifyVehicleStatus({ speed: vehicle.location?.speed, engineState: vehicle.stats?.engineState, lastReportMs: last, nowMs });
      return { vehicle, status, label: statusLabel(status, last), outOfService: outOfService.has(vehicle.id) };
    });
    // `version` changes whenever the live store merged something.
  }, [vehicles, version, now, lastUpdate, outOfService]);

  const counts = useMemo(() => {
    const byStatus: Record<VehicleStatus, number> = { moving: 0, idle: 0, stopped: 0, offline: 0 };
    for (const { status } of classified) byStatus[status]++;
    return byStatus;
  }, [classified]);

  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return classified.filter(
      ({ vehicle, status }) => (statusFilter === "all" || status === statusFilter) && hasTag(vehicle, tagFilter) && matches(vehicle, needle),
    );
  }, [classified, search, statusFilter, tagFilter]);
  const tags = useMemo(() => tagChoices(classified.map(({ vehicle }) => vehicle)), [classified]);

  const mapVehicles = useMemo<MapVehicle[]>(
    () =>
      filtered.flatMap(({ vehicle, status, outOfService: unsafe }) =>
        vehicle.location
          ? [
              {
                id: vehicle.id,
                name: vehicle.name,
                latitude: vehicle.location.latitude,
                longitude: vehicle.location.longitude,
                heading: vehicle.location.heading,
                status,
                isTrailer: vehicle.isTrailer,
                outOfService: unsafe,
              },
            ]
          : [],
      ),
    [filtered],
  );

  const select = useCallback(
    (id: string | null) => {
      const next = new URLSearchParams(params.toString());
      if (id) next.set("vehicle", id);
      else next.delete("vehicle");
      router.replace(`${pathname}?${next}`, { scroll: false });
    },
    [params, pathname, router],
  );

  const selectFromList = (id: string) => {
    select(id);
    setListOpen(false);
    setFocus({ id, nonce: Date.now() });
  };

  const selected = selectedId ? (classified.find(({ vehicle }) => vehicle.id === selectedId) ?? null) : null;

  return (
    <div className="map-screen">
      <h1 className="visually-hidden">Live map</h1>
      <aside className="map-sidebar" aria-label="Vehicles" data-open={listOpen}>
        <div className="map-sidebar-head">
          <button
            type="button"
            className="button sheet-toggle"
            aria-expanded={listOpen}
            aria-controls="vehicle-list-body"
            onClick={() => setListOpen(!listOpen)}
          >
            {listOpen ? "Hide the vehicle list" : `Show the vehicle list (${filtered.length})`}
          </button>
          <input
            type="search"
            className="input"
            placeholder="Search name, VIN, driver"
            aria-label="Search vehicles"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {tags.length > 0 && (
            <select className="input" aria-label="Filter by tag" value={tagFilter} onChange={(event) => setTagFilter(event.target.value)}>
              <option value="">All tags</option>
              {tags.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.name}
                </option>
              ))}
            </select>
          )}
          <div className="chip-row" role="group" aria-label="Filter by state">
            <button type="button" className="chip" aria-pressed={statusFilter === "all"} onClick={() => setStatusFilter("all")}>
              All <span className="chip-count">{classified.length}</span>
            </button>
            {VEHICLE_STATUSES.map((status) => (
              <button key={status} type="button" className="chip" aria-pressed={statusFilter === status} onClick={() => setStatusFilter(status)}>
                <span className="dot" style={{ background: STATUS_COLORS[status] }} />
                {STATUS_LABELS[status]} <span className="chip-count">{counts[status]}</span>
              </button>
            ))}
          </div>
        </div>
        <div id="vehicle-list-body" className="map-sidebar-body">
          {isLoading ? (
            <Notice kind="loading" title="Loading vehicles…" />
          ) : error && !vehicles ? (
            <Notice
              kind="error"
              title="Vehicles could not be loaded"
              action={
                <button type="button" className="button" onClick={() => refetch()}>
                  Try again
                </button>
              }
            >
              {error.message}
            </Notice>
          ) : classified.length === 0 ? (
            <Notice
              kind="empty"
              title="No vehicles yet"
              action={
                canAddVehicles ? (
                  <span className="notice-actions">
                    <Link className="button-primary" href="/vehicles/new">
                      Add a vehicle
                    </Link>
                    <Link className="button" href="/devices">
                      Connect a device
                    </Link>
                  </span>
                ) : undefined
              }
            >
              {canAddVehicles
                ? "Add your first vehicle, then connect its tracker or phone: it appears here, live, with its first position."
                : "Your vehicles appear here, live, once an admin adds them and their trackers report a position."}
            </Notice>
          ) : (
            <VehicleList items={filtered} selectedId={selectedId} onSelect={selectFromList} unit={unit} />
          )}
        </div>
      </aside>
      <section className="map-area">
        <FleetMap vehicles={mapVehicles} selectedId={selectedId} onSelect={select} focus={focus} tileUrl={tileUrl} attribution={attribution} start={start} />
        <div className="map-toolbar">
          <div className="legend" aria-label="Legend">
            {VEHICLE_STATUSES.map((status) => (
              <span key={status} className="legend-item">
                <span className="dot" style={{ background: STATUS_COLORS[status] }} /> {STATUS_LABELS[status]}
              </span>
            ))}
          </div>
        </div>
        <div className="map-status muted" data-testid="map-status">
          {synthetic ? `Synthetic fleet of ${synthetic.toLocaleString("en-US")} vehicles · ` : ""}
          {error && vehicles ? <span className="text-danger">Live updates paused: {error.message} </span> : null}
          {lastUpdate
            ? `${streaming === "open" ? "Live" : streaming === "failed" ? "Polling every 5 s" : "Connecting"} · ` +
              `updated ${formatTime(lastUpdate, timeZone, { seconds: true })}`
            : ""}
        </div>
        {selected ? <VehiclePanel listed={selected} unit={unit} onClose={() => select(null)} synthetic={Boolean(synthetic)} shareAction={shareAction} /> : null}
      </section>
    </div>
  );
};
