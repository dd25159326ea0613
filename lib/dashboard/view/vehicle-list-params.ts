/** The Vehicles page's URL filters (also the export link's), parsed leniently: a bad value is no filter. */
export type VehicleListParams = { q: string; tag?: number; status?: "archived"; offset: number; saved: string };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export const parseVehicleListParams = (params: Record<string, string | string[] | undefined>): VehicleListParams => {
  const tag = one(params.tag);
  return {
    q: one(params.q).slice(0, 100),
    tag: /^\d{1,9}$/.test(tag) ? Number(tag) : undefined,
    status: one(params.status) === "archived" ? "archived" : undefined,
    offset: Math.min(Math.max(0, Number.parseInt(one(params.offset), 10) || 0), 10_000_000),
    saved: one(params.saved),
  };
};

/** The filters as a query string (the pager and the export keep them). */
export const vehicleListSearchParams = ({ q, tag, status }: VehicleListParams): URLSearchParams => {
  const keep = new URLSearchParams();
  if (q) keep.set("q", q);
  if (tag !== undefined) keep.set("tag", String(tag));
  if (status) keep.set("status", status);
  return keep;
};
