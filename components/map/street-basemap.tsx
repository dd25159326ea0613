"use client";

import L from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { ARTERIALS, gridToLatLon } from "@/lib/platform/geo/chicago-grid";
import { leafletText } from "./leaflet-text";

/**
 * The simulator's streets (Chicago's arterials, shipped in lib/platform/geo) drawn locally: the basemap when
 * no tile server is configured or its tiles fail to load, so an offline map still shows where
 * vehicles are. On one canvas, under the vehicles.
 */
export const StreetBasemap = ({ visible }: { visible: boolean }) => {
  const map = useMap();
  useEffect(() => {
    const renderer = L.canvas({ padding: 0.5 });
    const streets = L.layerGroup(
      ARTERIALS.map((arterial) => {
        const ends =
          arterial.axis === "ns"
            ? [
                { x: arterial.at, y: arterial.from },
                { x: arterial.at, y: arterial.to },
              ]
            : [
                { x: arterial.from, y: arterial.at },
                { x: arterial.to, y: arterial.at },
              ];
        const line = ends.map((point) => gridToLatLon(point)).map(({ latitude, longitude }) => [latitude, longitude] as L.LatLngTuple);
        return L.polyline(line, { renderer, color: "#c3cad6", weight: 3, interactive: false }).bindTooltip(leafletText(arterial.name), { sticky: true });
      }),
    );
    if (visible) streets.addTo(map);
    return () => {
      streets.remove();
    };
  }, [map, visible]);
  return null;
};
