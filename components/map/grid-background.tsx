"use client";

import L from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";

/**
 * A light grid drawn locally under the tiles, so the map still shows movement and scale when no tile
 * server can be reached (offline machines, firewalls).
 */
export const GridBackground = () => {
  const map = useMap();
  useEffect(() => {
    const Grid = L.GridLayer.extend({
      createTile: () => {
        const tile = document.createElement("canvas");
        tile.width = tile.height = 256;
        const context = tile.getContext("2d");
        if (context) {
          context.fillStyle = "#eef1f5";
          context.fillRect(0, 0, 256, 256);
          context.strokeStyle = "#dde2ea";
          context.lineWidth = 1;
          context.beginPath();
          for (const at of [0.5, 128.5]) {
            context.moveTo(at, 0);
            context.lineTo(at, 256);
            context.moveTo(0, at);
            context.lineTo(256, at);
          }
          context.stroke();
        }
        return tile;
      },
    });
    const grid = new (Grid as unknown as new (options: L.GridLayerOptions) => L.GridLayer)({ zIndex: 0 });
    grid.addTo(map);
    return () => {
      grid.remove();
    };
  }, [map]);
  return null;
};
