import { Link } from "@/components/ui/link";
import { requireDriver } from "@/app/_server/driver-session";
import { getDb } from "@/db/client";
import { EldLogGraph } from "@/components/hos/eld-log-graph";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { formatDuration } from "@/lib/dashboard/view/clock-level";
import { ELD_ORIGIN_LABELS, ELD_STATUS_LABELS, eldEventLabel } from "@/lib/dashboard/view/eld-record-labels";
import { loadRoadsideRecords } from "@/lib/hos/eld-file";
import { eldTransferMethods } from "@/lib/hos/eld-transfer";
import { getLogbook } from "@/lib/hos/logbook/get-logbook";
import { DUTY_STATUS_NAMES } from "@/lib/hos/rules";
import { formatCalendarDay, formatTime } from "@/lib/platform/zoned-time";
import { EldFileHandOver } from "../page-client";
import "@/components/dashboard/dashboard-pages.css";
import "../logbook.css";

export const metadata = { title: "Roadside inspection" };
export const dynamic = "force-dynamic";

const position = (at: { latitude: number; longitude: number } | null) => (at ? `${at.latitude.toFixed(2)}, ${at.longitude.toFixed(2)}` : "not known");
const orNone = (value: string | number | null | undefined) => (value === null || value === undefined || value === "" ? "—" : String(value));

/** The screen a driver hands an inspector (49 CFR 395 Appendix A 4.8.1.3): the header, then each of the 8 days' graph and records. */
const RoadsidePage = async () => {
  const signedIn = await requireDriver();
  const now = new Date();
  const tenant = { db: getDb(), companyId: signedIn.companyId, dataset: signedIn.dataset, driverId: signedIn.driverId, now };
  const [records, logbook] = await Promise.all([loadRoadsideRecords(tenant), getLogbook(tenant)]);
  const tz = records.timeZone;
  const vehicle = records.vehicles.find((v) => v.key === records.currentVehicleKey);
  const openMalfunctions = records.malfunctions.filter((m) => m.code === 1).length > records.malfunctions.filter((m) => m.code === 2).length;
  const openDiagnostics = records.malfunctions.filter((m) => m.code === 3).length > records.malfunctions.filter((m) => m.code === 4).length;
  const facts: [string, string][] = [
    ["Carrier", `${records.carrier.name} · USDOT ${orNone(records.carrier.usdotNumber)}`],
    ["Driver", `${records.driver.firstName} ${records.driver.lastName} (${records.driver.username})`],
    ["Driver's license", `${orNone(records.driver.licenseState)} ${orNone(records.driver.licenseNumber)}`],
    ["Co-driver", records.coDriver ? `${records.coDriver.firstName} ${records.coDriver.lastName}` : "—"],
    ["Exempt driver", records.driver.exempt ? "Yes" : "No"],
    ["ELD", `Registration ${orNone(records.eld.registrationId)} · identifier ${orNone(records.eld.identifier)}`],
    ["Time zone and day start", `${tz} · ${String(records.periodStartHour).padStart(2, "0")}:00 · ${records.multiDayBasis}-day cycle`],
    ["Vehicle", vehicle ? `${orNone(vehicle.powerUnitNumber)} · VIN ${orNone(vehicle.vin)}${vehicle.trailers ? ` · trailers ${vehicle.trailers}` : ""}` : "—"],
    ["Shipping document", orNone(records.shippingDocumentNumber)],
    ["Current location", position(records.current.position)],
    ["Vehicle miles, engine hours", `${orNone(records.current.totalMiles)} · ${orNone(records.current.totalEngineHours)}`],
    ["Unidentified driving records", records.unidentifiedEvents.length > 0 ? `Yes (${records.unidentifiedEvents.length})` : "No"],
    ["Malfunction, data diagnostic", `${openMalfunctions ? "Malfunction" : "No malfunction"} · ${openDiagnostics ? "data diagnostic" : "no data diagnostic"}`],
  ];
  // Today and the previous 7 days, newest first (the logbook also reads the day before, for its cycle).
  const days = logbook.dailyLogs.slice(-8).reverse();
  return (
    <main className="logbook">
      <header className="logbook-head">
        <div>
          <h1>Roadside inspection</h1>
          <p className="muted">Records of today and the previous 7 days (49 CFR 395). Hand this screen to the inspector, or send the file.</p>
        </div>
        <Link href="/logbook" className="button">
          Back to logbook
        </Link>
      </header>
      <section className="page" aria-labelledby="roadside-header">
        <h2 id="roadside-header">Driver, carrier and vehicle</h2>
        <dl className="recap" data-testid="roadside-facts">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="page" aria-labelledby="roadside-file">
        <h2 id="roadside-file">ELD output file</h2>
        <EldFileHandOver transfers={eldTransferMethods()} />
      </section>
      {days.map((day) => {
        const events = records.events.filter((event) => event.at >= day.startTime && event.at < day.endTime).sort((a, b) => a.at.getTime() - b.at.getTime());
        return (
          <section key={day.date} className="page" aria-labelledby={`day-${day.date}`} data-testid="roadside-day">
            <h2 id={`day-${day.date}`}>{formatCalendarDay(day.date)}</h2>
            <ScrollRegion label={`Duty-status graph of ${formatCalendarDay(day.date)}`} className="eld-scroll">
              <EldLogGraph log={logbook.log} dayStart={day.startTime} dayEnd={day.endTime} until={now} timezone={tz} />
            </ScrollRegion>
            <p className="muted">
              {(["offDuty", "sleeperBed", "driving", "onDuty"] as const)
                .map((status) => `${DUTY_STATUS_NAMES[status].abbreviation} ${formatDuration(day.durationsMs[status])}`)
                .join(" · ")}
            </p>
            {events.length === 0 ? (
              <p className="muted">No records this day.</p>
            ) : (
              <table className="data cards-on-phone" aria-label={`ELD records of ${formatCalendarDay(day.date)}`}>
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Event</th>
                    <th scope="col">Location</th>
                    <th scope="col">Miles, hours</th>
                    <th scope="col">Origin</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {events.map((event) => (
                    <tr key={`${event.vehicleKey}-${event.sequenceId}-${event.at.getTime()}`}>
                      <td data-label="Time" className="cell-strong">
                        {formatTime(event.at, tz)}
                      </td>
                      <td data-label="Event">{eldEventLabel(event)}</td>
                      <td data-label="Location">{event.locationDescription || position(event.position)}</td>
                      <td data-label="Miles, hours">
                        {orNone(event.accumulatedMiles)} · {orNone(event.elapsedEngineHours)}
                      </td>
                      <td data-label="Origin">{ELD_ORIGIN_LABELS[event.origin]}</td>
                      <td data-label="Status">{ELD_STATUS_LABELS[event.status]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </main>
  );
};

export default RoadsidePage;
