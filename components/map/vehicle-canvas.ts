import L from "leaflet";
import { STATUS_COLORS, VEHICLE_STATUSES, type VehicleStatus } from "@/lib/dashboard/view/vehicle-status";

/**
 * Vehicles and clusters drawn on a Leaflet canvas renderer instead of as DOM markers: about 700 DOM
 * markers made panning at 10,000 vehicles miss its frame budget (docs/scaling.md). Each is a
 * CircleMarker, so Leaflet's canvas hit-testing turns a click or tap into the layer's `click`; the
 * circle's radius is the hit target (24 px across at least, WCAG 2.2's 2.5.8), the drawing is ours.
 * Built on Leaflet 1.9's renderer internals (`_drawing`, `_ctx`, `_point`): leaflet is pinned.
 */
type Internals = { _point: L.Point; _renderer: { _drawing: boolean; _ctx: CanvasRenderingContext2D }; _empty: () => boolean };

/** The context to draw on, only while the renderer is drawing this layer. */
const drawingContext = (layer: L.CircleMarker) => {
  const internals = layer as unknown as Internals;
  return internals._renderer._drawing && !internals._empty() ? { ctx: internals._renderer._ctx, point: internals._point } : null;
};

const SHADOW = "rgba(0, 0, 0, 0.22)";
/** The DOM marker's arrow (components/map/fleet-map.tsx), about the circle's centre, pointing north. */
const ARROW = [
  [0, -8.8],
  [4.2, 0.6],
  [0, -1.4],
  [-4.2, 0.6],
];

type DotStyle = { status: VehicleStatus; heading: number; isTrailer: boolean };

/** The marker's body about (x, y): a circle for a vehicle, a rounded square for a trailer (its own marker). */
const bodyPath = (ctx: CanvasRenderingContext2D, x: number, y: number, radius: number, isTrailer: boolean) => {
  ctx.beginPath();
  if (isTrailer) ctx.roundRect(x - radius, y - radius, 2 * radius, 2 * radius, 3);
  else ctx.arc(x, y, radius, 0, 2 * Math.PI);
};

/** One vehicle: a dot (a trailer: a square) in its state's colour with a white arrow along its heading, as the DOM marker draws it. */
export class VehicleDot extends L.CircleMarker {
  vehicle: DotStyle;

  constructor(latLng: L.LatLngExpression, vehicle: DotStyle, renderer: L.Canvas) {
    super(latLng, { renderer, radius: 12, stroke: false, fill: false });
    this.vehicle = vehicle;
  }

  /** Moves and restyles it; the renderer redraws only what changed. */
  update(latLng: L.LatLngTuple, vehicle: DotStyle) {
    const position = this.getLatLng();
    const restyled = vehicle.status !== this.vehicle.status || vehicle.heading !== this.vehicle.heading;
    this.vehicle = vehicle;
    if (position.lat !== latLng[0] || position.lng !== latLng[1]) this.setLatLng(latLng);
    else if (restyled) this.redraw();
  }

  _updatePath() {
    const drawing = drawingContext(this);
    if (!drawing) return;
    const {
      ctx,
      point: { x, y },
    } = drawing;
    ctx.globalAlpha = 1;
    ctx.fillStyle = SHADOW;
    bodyPath(ctx, x, y + 1, 10, this.vehicle.isTrailer);
    ctx.fill();
    ctx.fillStyle = STATUS_COLORS[this.vehicle.status];
    ctx.strokeStyle = "#fff";
    ctx.lineWidth = 2;
    bodyPath(ctx, x, y, 8.5, this.vehicle.isTrailer);
    ctx.fill();
    ctx.stroke();
    const radians = (this.vehicle.heading * Math.PI) / 180;
    const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
    ctx.fillStyle = "#fff";
    ctx.beginPath();
    for (const [dx, dy] of ARROW) ctx.lineTo(x + dx * cos - dy * sin, y + dx * sin + dy * cos);
    ctx.fill();
  }
}

/** A circle sized by count, its ring split by how many vehicles of each state it holds, the count in its middle. */
export class ClusterDot extends L.CircleMarker {
  private readonly byStatus: Record<VehicleStatus, number>;
  private readonly count: number;
  private readonly ring: number;

  constructor(latLng: L.LatLngExpression, byStatus: Record<VehicleStatus, number>, renderer: L.Canvas) {
    const count = VEHICLE_STATUSES.reduce((sum, status) => sum + byStatus[status], 0);
    const ring = count < 10 ? 17 : count < 100 ? 20 : count < 1000 ? 24 : 28;
    // The layer's radius bounds what the renderer clears and redraws: it takes in the shadow.
    super(latLng, { renderer, radius: ring + 3, stroke: false, fill: false });
    this.byStatus = byStatus;
    this.count = count;
    this.ring = ring;
  }

  _updatePath() {
    const drawing = drawingContext(this);
    if (!drawing) return;
    const {
      ctx,
      point: { x, y },
    } = drawing;
    const { ring, count } = this;
    ctx.globalAlpha = 1;
    ctx.fillStyle = SHADOW;
    ctx.beginPath();
    ctx.arc(x, y + 1, ring + 1.5, 0, 2 * Math.PI);
    ctx.fill();
    // Clockwise from the top, as the DOM cluster's conic gradient ran.
    let angle = -Math.PI / 2;
    for (const status of VEHICLE_STATUSES) {
      if (this.byStatus[status] === 0) continue;
      const sweep = (this.byStatus[status] / count) * 2 * Math.PI;
      ctx.fillStyle = STATUS_COLORS[status];
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.arc(x, y, ring, angle, angle + sweep);
      ctx.fill();
      angle += sweep;
    }
    ctx.fillStyle = "#fff";
    ctx.beginPath();
    ctx.arc(x, y, ring - 5, 0, 2 * Math.PI);
    ctx.fill();
    ctx.fillStyle = "#17202e";
    ctx.font = '700 12.8px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(count >= 1000 ? `${(count / 1000).toFixed(1)}k` : String(count), x, y + 0.5);
  }
}
