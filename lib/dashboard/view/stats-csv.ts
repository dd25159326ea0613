/** `DEMO-001-stats-2026-11-20T08-00-2026-11-21T08-00.csv`: safe on every file system. */
export const csvFileName = ({ vehicleName, from, to }: { vehicleName: string; from: string; to: string }) => {
  const stamp = (iso: string) => iso.slice(0, 16).replaceAll(":", "-");
  const safeName = vehicleName.replace(/[^A-Za-z0-9_-]+/g, "_");
  return `${safeName}-stats-${stamp(from)}-${stamp(to)}.csv`;
};
