/** What the process has started, for /api/health. Lives on globalThis so every bundle sees one copy. */
export type ServiceStatus = {
  bootedAt: string | null;
  simulator: { state: "off" | "backfilling" | "running" | "standby" | "failed"; vehicles: number; detail?: string };
  /**
   * The telemetry processors (alerts, trips, automatic driving): working through a backlog, following as rows commit,
   * or off: a worker process runs them (PROCESS_ROLE=web).
   */
  telemetryProcessors: "starting" | "catching up" | "current" | "off";
};

const store = globalThis as unknown as { fleetServiceStatus?: ServiceStatus };

export const getServiceStatus = (): ServiceStatus => {
  store.fleetServiceStatus ??= { bootedAt: null, simulator: { state: "off", vehicles: 0 }, telemetryProcessors: "starting" };
  return store.fleetServiceStatus;
};

export const updateServiceStatus = (patch: Partial<ServiceStatus>) => {
  Object.assign(getServiceStatus(), patch);
};
