import { distanceMeters, projectPoints, type MapPoint } from "@/lib/dashboard/view/mini-map-geometry";

const WIDTH = 520;
const HEIGHT = 320;

type Marker = MapPoint & { label: string; kind: "job" | "vehicle" };

const formatDistance = (meters: number) => (meters < 1000 ? `${Math.round(meters)} m` : `${(meters / 1000).toFixed(1)} km`);

/**
 * A small map drawn in SVG: the pick-up point and the vehicle's latest position to scale, with a
 * scale bar and the distance between them. It needs no map tiles, so it works offline.
 */
export const PositionSketch = ({ markers }: { markers: Marker[] }) => {
  const { positions, metersPerPixel } = projectPoints({ points: markers, width: WIDTH, height: HEIGHT, margin: 48 });
  const scaleMeters = [100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000].find((m) => m / metersPerPixel >= 60) ?? 100_000;
  const scalePixels = scaleMeters / metersPerPixel;
  const [job, vehicle] = [markers.findIndex((m) => m.kind === "job"), markers.findIndex((m) => m.kind === "vehicle")];
  return (
    <svg className="mini-map" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Pick-up point and vehicle position" data-testid="job-map">
      <defs>
        <pattern id="mini-map-grid" width="40" height="40" patternUnits="userSpaceOnUse">
          <path d="M 40 0 L 0 0 0 40" fill="none" stroke="#dbe4ee" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width={WIDTH} height={HEIGHT} fill="url(#mini-map-grid)" />
      {job >= 0 && vehicle >= 0 && (
        <>
          <line
            x1={positions[job].x}
            y1={positions[job].y}
            x2={positions[vehicle].x}
            y2={positions[vehicle].y}
            stroke="#7b8798"
            strokeDasharray="6 5"
            strokeWidth="1.5"
          />
          <text x={(positions[job].x + positions[vehicle].x) / 2 + 8} y={(positions[job].y + positions[vehicle].y) / 2 - 8} fontSize="12" fill="#17202e">
            {formatDistance(distanceMeters(markers[job], markers[vehicle]))}
          </text>
        </>
      )}
      {markers.map((marker, i) => (
        <g key={marker.kind} transform={`translate(${positions[i].x} ${positions[i].y})`}>
          {marker.kind === "job" ? (
            <rect x={-8} y={-8} width={16} height={16} rx={3} fill="#c62828" stroke="#fff" strokeWidth="2" />
          ) : (
            <circle r={8} fill="#1f6feb" stroke="#fff" strokeWidth="2.5" />
          )}
          {/* Labels point inwards so a marker near the edge keeps its label inside the drawing. */}
          <text
            x={positions[i].x > WIDTH / 2 ? -13 : 13}
            y={4}
            textAnchor={positions[i].x > WIDTH / 2 ? "end" : "start"}
            fontSize="12"
            fontWeight="600"
            fill="#17202e"
            paintOrder="stroke"
            stroke="#fff"
            strokeWidth="3"
          >
            {marker.label}
          </text>
        </g>
      ))}
      <g transform={`translate(16 ${HEIGHT - 18})`}>
        <line x1={0} x2={scalePixels} y1={0} y2={0} stroke="#17202e" strokeWidth="2" />
        <line x1={0} x2={0} y1={-5} y2={0} stroke="#17202e" strokeWidth="2" />
        <line x1={scalePixels} x2={scalePixels} y1={-5} y2={0} stroke="#17202e" strokeWidth="2" />
        <text x={scalePixels + 6} y={4} fontSize="11" fill="#5b6678">
          {formatDistance(scaleMeters)}
        </text>
      </g>
      <text x={WIDTH - 14} y={22} fontSize="12" fontWeight="700" fill="#5b6678" textAnchor="middle">
        N
      </text>
      <path d={`M ${WIDTH - 14} 26 l -5 12 l 5 -4 l 5 4 z`} fill="#5b6678" />
    </svg>
  );
};
