import type L from "leaflet";

/** What of the map's box lies over it (the vehicle panel, the phone's list sheet), by selector. */
const OVERLAYS = [".vehicle-panel", ".map-sidebar"];
/** How far inside the uncovered part a vehicle must be (its marker and heading arrow whole). */
const MARGIN = 48;

/**
 * The part of the map nothing covers: an overlay as wide as most of the map (a phone's bottom
 * sheet or panel) cuts the bottom off, a narrower one on the right (the desktop panel) the right side.
 */
export const uncoveredBox = (map: L.Map) => {
  const container = map.getContainer();
  const box = container.getBoundingClientRect();
  let right = box.right;
  let bottom = box.bottom;
  for (const selector of OVERLAYS) {
    const element = container.ownerDocument.querySelector(selector);
    if (!element) continue;
    const over = element.getBoundingClientRect();
    const overlaps = over.width > 0 && over.height > 0 && over.left < box.right && over.right > box.left && over.top < box.bottom && over.bottom > box.top;
    if (!overlaps) continue;
    if (over.width > box.width * 0.6) bottom = Math.min(bottom, over.top);
    else if (over.left > box.left + box.width / 2) right = Math.min(right, over.left);
  }
  return { left: 0, top: 0, right: right - box.left, bottom: bottom - box.top };
};

/** Pans the map, if need be, so `point` is in the uncovered part of it (in its middle, when it was not). */
export const keepInView = (map: L.Map, point: L.LatLngExpression) => {
  const free = uncoveredBox(map);
  if (free.right - free.left < 2 * MARGIN || free.bottom - free.top < 2 * MARGIN) return;
  const at = map.latLngToContainerPoint(point);
  const inside = at.x >= free.left + MARGIN && at.x <= free.right - MARGIN && at.y >= free.top + MARGIN && at.y <= free.bottom - MARGIN;
  if (inside) return;
  map.panBy([at.x - (free.left + free.right) / 2, at.y - (free.top + free.bottom) / 2], { animate: false });
};
