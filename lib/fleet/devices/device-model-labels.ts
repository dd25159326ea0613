import type { DeviceModel } from "@/db/schema";

/** The models as the Devices page names them, in the order it offers them (no schema import: pages' client code uses it). */
export const DEVICE_MODEL_LABELS: Record<DeviceModel, string> = {
  teltonika: "Teltonika (FMB, FMC, FMM…)",
  gt06: "GT06 / Concox",
  h02: "H02 (Sinotrack, *HQ)",
  gps103: "GPS103 / Coban TK103",
  queclink: "Queclink (GL, GV, GB @Track)",
  jt808: "JT/T 808 (Chinese standard, MDVRs)",
  suntech: "Suntech (ST300 family, universal firmware)",
  meitrack: "Meitrack (MVT, T and P series)",
  ruptela: "Ruptela (FM-Eco4, FM-Pro4, Trace5, HCV5, LCV5)",
  osmand: "OsmAnd phone (Traccar Client)",
  gateway: "Batch gateway",
  other: "Other",
};

export const DEVICE_MODEL_OPTIONS = Object.entries(DEVICE_MODEL_LABELS) as [DeviceModel, string][];
