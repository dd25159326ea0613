import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { EmptyState } from "@/components/dashboard/empty-state";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { parseVehicleParam, VehicleFilter } from "@/components/vehicles/vehicle-filter";
import { listDriverProposedStops, listFuelStopProposals } from "@/lib/processing/fuel-stops/list-fuel-stops";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { ScrollRegion } from "@/components/ui/scroll-region";

export const metadata = { title: "Fuel stops" };

const LIMIT = 200;
const price = (value: number) => `$${value.toFixed(3)}`;

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.fuelStops.roles);
  const { timeZone } = await companySettings(user.companyId);
  const vehicleId = parseVehicleParam((await searchParams).vehicle);
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const [vehicles, proposals, driverStops] = await Promise.all([
    listVehicles({ ...tenant, limit: 2_000 }),
    listFuelStopProposals({ ...tenant, vehicleId, limit: LIMIT }),
    listDriverProposedStops({ ...tenant, vehicleId, limit: LIMIT }),
  ]);
  const vehicleName = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.name]));
  const nameOf = (id: number) => vehicleName.get(id) ?? `#${id}`;
  return (
    <div className="page-stack">
      <section className="page">
        <LocalDataNotice subject="Fuel stops" reason="the fleet API has no fuel stops." />
        <div className="page-head">
          <h1>Fuel stops</h1>
          <span className="muted">Fuel stops your fuel-card partner suggests for each vehicle, and the stops sent to drivers, newest first</span>
        </div>
        <VehicleFilter action="/fuel-stops" vehicles={vehicles} selected={vehicleId} />
        <h2>Fuel-stop proposals</h2>
        {proposals.length === 0 ? (
          <EmptyState title="No fuel-stop proposals">
            When your fuel-card partner suggests a cheaper station for a vehicle on its route, the suggestion appears here with its price.
          </EmptyState>
        ) : (
          <ScrollRegion label="Fuel-stop proposals">
            <table className="data" data-testid="fuel-proposals">
              <thead>
                <tr>
                  <th>Vehicle</th>
                  <th>Station</th>
                  <th>Address</th>
                  <th className="num">Diesel</th>
                  <th className="num">Discount</th>
                  <th className="num">Net</th>
                  <th>Received</th>
                </tr>
              </thead>
              <tbody>
                {proposals.map((proposal) => {
                  const best = [...proposal.fuelPrices].sort((a, b) => a.diesel - a.discount - (b.diesel - b.discount))[0];
                  return (
                    <tr key={proposal.id}>
                      <td>{nameOf(proposal.vehicleId)}</td>
                      <td>{proposal.name}</td>
                      <td>{proposal.address || <span className="muted">—</span>}</td>
                      <td className="num">{best ? price(best.diesel) : "—"}</td>
                      <td className="num">{best ? price(best.discount) : "—"}</td>
                      <td className="num">
                        <strong>{best ? price(best.diesel - best.discount) : "—"}</strong>
                        {proposal.fuelPrices.length > 1 && <span className="muted"> ({proposal.fuelPrices.length} prices)</span>}
                      </td>
                      <td>{formatDateTime(proposal.createdAt, timeZone)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
      <section className="page">
        <h2 style={{ marginTop: 0 }}>Driver-proposed stops</h2>
        {driverStops.length === 0 ? (
          <EmptyState title="No driver-proposed stops">Fuel stops sent to a driver's device appear here, with the station and when it was sent.</EmptyState>
        ) : (
          <ScrollRegion label="Stops proposed for drivers">
            <table className="data" data-testid="driver-stops">
              <thead>
                <tr>
                  <th>Vehicle</th>
                  <th>Stop</th>
                  <th>Address</th>
                  <th>Position</th>
                  <th>Note</th>
                  <th>Received</th>
                </tr>
              </thead>
              <tbody>
                {driverStops.map((stop) => (
                  <tr key={stop.id}>
                    <td>{nameOf(stop.vehicleId)}</td>
                    <td>{stop.name}</td>
                    <td>{stop.address || <span className="muted">—</span>}</td>
                    <td>
                      {stop.latitude.toFixed(4)}, {stop.longitude.toFixed(4)}
                    </td>
                    <td>{stop.note || <span className="muted">—</span>}</td>
                    <td>{formatDateTime(stop.createdAt, timeZone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </div>
  );
};

export default Page;
