import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { EmptyState } from "@/components/dashboard/empty-state";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { parseVehicleParam, VehicleFilter } from "@/components/vehicles/vehicle-filter";
import { listCameraEvents } from "@/lib/ingestion/camera/list-camera-events";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { formatDateTime } from "@/lib/platform/zoned-time";

export const metadata = { title: "Camera events" };

const LIMIT = 120;
const isHttpUrl = (url: string) => /^https?:\/\//i.test(url);

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.camera.roles);
  const { timeZone } = await companySettings(user.companyId);
  const vehicleId = parseVehicleParam((await searchParams).vehicle);
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const [vehicles, events] = await Promise.all([listVehicles({ ...tenant, limit: 2_000 }), listCameraEvents({ ...tenant, vehicleId, limit: LIMIT })]);
  const vehicleName = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.name]));
  return (
    <section className="page">
      <LocalDataNotice subject="Camera events" reason="the fleet API has no camera events." />
      <div className="page-head">
        <h1>Camera events</h1>
        <span className="muted">Snapshots and videos delivered by the camera platform, newest capture first (latest {LIMIT})</span>
      </div>
      <VehicleFilter action="/camera" vehicles={vehicles} selected={vehicleId} />
      {events.length === 0 ? (
        <EmptyState title="No camera events">
          Snapshots from your vehicles' dash cameras appear here, newest first, once your camera provider is connected to this service. An admin sets that up
          with the provider.
        </EmptyState>
      ) : (
        <div className="gallery" data-testid="camera-gallery">
          {events.map((event) => (
            <article key={event.id} className="media-card">
              {/* The media may be unreachable from here (offline, expired link): the frame shows the kind, the URL stays readable below. */}
              <div
                className="media-frame"
                style={event.kind === "snapshot" && isHttpUrl(event.mediaUrl) ? { backgroundImage: `url(${JSON.stringify(event.mediaUrl)})` } : undefined}
              >
                {event.kind === "video" ? "▶ Video" : "Snapshot"}
              </div>
              <div className="media-body">
                <strong>{event.vehicleId ? (vehicleName.get(event.vehicleId) ?? `Vehicle #${event.vehicleId}`) : `Device ${event.deviceId}`}</strong>
                <span>{formatDateTime(event.capturedAt, timeZone)}</span>
                <span className="muted">
                  {event.latitude !== null && event.longitude !== null ? `${event.latitude.toFixed(4)}, ${event.longitude.toFixed(4)}` : "No position"}
                </span>
                {isHttpUrl(event.mediaUrl) ? (
                  <a className="media-url" href={event.mediaUrl} target="_blank" rel="noreferrer noopener">
                    {event.mediaUrl}
                  </a>
                ) : (
                  <span className="media-url">{event.mediaUrl}</span>
                )}
              </div>
            </article>
          ))}
        </div>
      )}
    </section>
  );
};

export default Page;
