import { ARTERIALS, METERS_PER_UNIT, placeToGrid, type GridPoint } from "@/lib/platform/geo/chicago-grid";

/** A polyline along arterials, in grid units, with cumulative lengths in meters. */
export type StreetPath = { points: GridPoint[]; cumulative: number[]; length: number };
export type StreetSpot = { street: string; at: number };

type Node = { point: GridPoint; edges: { to: number; cost: number }[] };

const buildGraph = () => {
  const nodes: Node[] = [];
  const onStreet = new Map<string, { along: number; node: number }[]>(ARTERIALS.map((a) => [a.name, []]));
  for (const ns of ARTERIALS.filter((a) => a.axis === "ns")) {
    for (const ew of ARTERIALS.filter((a) => a.axis === "ew")) {
      if (ew.at < ns.from || ew.at > ns.to || ns.at < ew.from || ns.at > ew.to) continue;
      const node = nodes.push({ point: { x: ns.at, y: ew.at }, edges: [] }) - 1;
      onStreet.get(ns.name)!.push({ along: ew.at, node });
      onStreet.get(ew.name)!.push({ along: ns.at, node });
    }
  }
  for (const stops of onStreet.values()) {
    stops.sort((a, b) => a.along - b.along);
    for (let i = 1; i < stops.length; i++) {
      const cost = stops[i].along - stops[i - 1].along;
      nodes[stops[i - 1].node].edges.push({ to: stops[i].node, cost });
      nodes[stops[i].node].edges.push({ to: stops[i - 1].node, cost });
    }
  }
  return { nodes, onStreet };
};

const graph = buildGraph();

/** The intersections either side of a spot on its street, with the distance to each. */
const neighbours = ({ street, at }: StreetSpot) => {
  const stops = graph.onStreet.get(street) ?? [];
  const below = [...stops].reverse().find((s) => s.along <= at);
  const above = stops.find((s) => s.along >= at);
  return [below, above].filter((s) => s !== undefined).map((s) => ({ node: s.node, cost: Math.abs(at - s.along) }));
};

// Shortest-path trees per origin spot: a fleet visits a few hundred spots, so this stays small.
const trees = new Map<string, { dist: Float64Array; previous: Int32Array }>();

const treeFrom = (from: StreetSpot) => {
  const key = `${from.street}|${from.at}`;
  const cached = trees.get(key);
  if (cached) return cached;
  const count = graph.nodes.length;
  const dist = new Float64Array(count).fill(Infinity);
  const previous = new Int32Array(count).fill(-1);
  const done = new Uint8Array(count);
  for (const { node, cost } of neighbours(from)) dist[node] = Math.min(dist[node], cost);
  for (;;) {
    let current = -1;
    for (let i = 0; i < count; i++) if (!done[i] && dist[i] < Infinity && (current < 0 || dist[i] < dist[current])) current = i;
    if (current < 0) break;
    done[current] = 1;
    for (const { to, cost } of graph.nodes[current].edges) {
      if (dist[current] + cost < dist[to]) [dist[to], previous[to]] = [dist[current] + cost, current];
    }
  }
  const tree = { dist, previous };
  trees.set(key, tree);
  return tree;
};

const withLengths = (points: GridPoint[]): StreetPath => {
  const cleaned = points.filter((p, i) => i === 0 || p.x !== points[i - 1].x || p.y !== points[i - 1].y);
  const cumulative = [0];
  for (let i = 1; i < cleaned.length; i++) {
    cumulative.push(cumulative[i - 1] + (Math.abs(cleaned[i].x - cleaned[i - 1].x) + Math.abs(cleaned[i].y - cleaned[i - 1].y)) * METERS_PER_UNIT);
  }
  return { points: cleaned, cumulative, length: cumulative[cumulative.length - 1] };
};

const paths = new Map<string, StreetPath>();

/** The shortest drive along arterials between two spots (turns only at intersections). */
export const routeBetween = (from: StreetSpot, to: StreetSpot): StreetPath => {
  const key = `${from.street}|${from.at}>${to.street}|${to.at}`;
  const cached = paths.get(key);
  if (cached) return cached;
  let points: GridPoint[];
  if (from.street === to.street) {
    points = [placeToGrid(from), placeToGrid(to)];
  } else {
    const { dist, previous } = treeFrom(from);
    const end = neighbours(to).reduce((best, n) => (dist[n.node] + n.cost < dist[best.node] + best.cost ? n : best));
    const chain: GridPoint[] = [];
    for (let node = end.node; node >= 0; node = previous[node]) chain.unshift(graph.nodes[node].point);
    points = [placeToGrid(from), ...chain, placeToGrid(to)];
  }
  const path = withLengths(points);
  paths.set(key, path);
  return path;
};

/** Straight-line grid distance in meters, to rank candidate stops cheaply. */
export const gridDistance = (a: StreetSpot, b: StreetSpot) => {
  const [p, q] = [placeToGrid(a), placeToGrid(b)];
  return (Math.abs(p.x - q.x) + Math.abs(p.y - q.y)) * METERS_PER_UNIT;
};
