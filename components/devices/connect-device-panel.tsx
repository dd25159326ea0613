import type { ReactNode } from "react";
import { CopyField } from "@/components/ui/copy-field";
import type { ConnectInstructions, TrackerTarget } from "@/lib/fleet/devices/connect-instructions";
import { DEVICE_MODEL_LABELS } from "@/lib/fleet/devices/device-model-labels";

/** How each tracker is usually told its server (its maker's configurator or an SMS), with this installation's host and port filled in. */
const TRACKER_STEPS: Record<TrackerTarget["model"], (host: string, port: number) => ReactNode> = {
  teltonika: () => (
    <>
      In Teltonika Configurator: <strong>GPRS → Server settings</strong>, set Domain and Port as below, Protocol <strong>TCP</strong>, and save to the device
      (Codec 8 or 8 Extended).
    </>
  ),
  gt06: (host, port) => (
    <>
      Send the tracker the SMS <code>{`SERVER,0,${host},${port},0#`}</code> (some models want their password first; see its manual).
    </>
  ),
  h02: (host, port) => (
    <>
      Send the tracker the SMS <code>{`8040000 ${host} ${port}`}</code> (0000: its password, if changed).
    </>
  ),
  queclink: () => (
    <>
      With Queclink&apos;s Manage Tool or the <code>AT+GTSRI</code> command (by SMS, with its password): report mode <strong>TCP long connection</strong>, and
      the main server&apos;s host and port as below (its manual gives the whole command for the model).
    </>
  ),
  gps103: (host, port) => (
    <>
      Send the tracker the SMS <code>{`adminip123456 ${host} ${port}`}</code> (123456: its password, if changed), then <code>gprs123456</code>.
    </>
  ),
  jt808: () => (
    <>In the terminal&apos;s settings (its maker&apos;s tool or SMS), set the main server&apos;s address and TCP port as below, protocol JT/T 808.</>
  ),
  suntech: () => (
    <>
      With Suntech&apos;s SyncTrak tool (or its network command by SMS): the server&apos;s host and port as below, server type <strong>TCP</strong>.
    </>
  ),
  meitrack: (host, port) => (
    <>
      Send the tracker the SMS <code>{`0000,A21,1,${host},${port},<APN>,,`}</code> (0000: its password, if changed; TCP mode 1; Meitrack Manager sets the same).
    </>
  ),
  ruptela: () => <>In Ruptela&apos;s configurator (Device Center or FM Configurator), set the server&apos;s address and port as below, protocol TCP.</>,
};

/** What a model's identifier is: the IMEI, except JT808's terminal phone number and Suntech's device id (docs/trackers.md). */
const IDENTIFIER: Partial<Record<TrackerTarget["model"], ReactNode>> = {
  suntech: (
    <>
      <strong>device id</strong> (an ST300-family unit&apos;s is the last 9 digits of its IMEI; a universal-firmware unit&apos;s has 10 digits, on its label and
      in Suntech&apos;s tool)
    </>
  ),
  jt808: (
    <>
      <strong>terminal phone number</strong> (its device id, without leading zeros; a 2019 terminal&apos;s is often its IMEI)
    </>
  ),
};

const TrackerSteps = ({ target }: { target: TrackerTarget }) => {
  if (target.port === null) {
    return (
      <p>
        This installation does not listen for these trackers (<code>{target.portVariable}=off</code>): whoever runs it sets a port to turn the listener on.
      </p>
    );
  }
  const port = target.port === 0 ? "the port in the server's log (started on any free port)" : String(target.port);
  return (
    <ol className="connect-steps">
      <li>{TRACKER_STEPS[target.model](target.host, target.port)}</li>
      <li>
        <div className="copy-fields">
          <CopyField label="Host" value={target.host} testId={`${target.model}-host`} />
          <CopyField label="Port" value={port} testId={`${target.model}-port`} />
        </div>
      </li>
      <li>
        Register it below with its {IDENTIFIER[target.model] ?? <strong>IMEI</strong>} as the identifier (printed on its label) and the model{" "}
        {DEVICE_MODEL_LABELS[target.model]}, or let it connect first and claim it by that identifier. Its first report shows in the list within a minute.
      </li>
    </ol>
  );
};

/** "Connect a device": per model, what to type into it, with this installation's own URL, host and ports (admins only). */
export const ConnectDevicePanel = ({ osmandUrl, osmandPortUrl, trackers, publicUrlMissing }: ConnectInstructions) => (
  <section className="connect-device" aria-labelledby="connect-device-heading">
    <h2 id="connect-device-heading">Connect a device</h2>
    {publicUrlMissing && (
      <p className="notice" role="note">
        <code>PUBLIC_URL</code> is not set, so the address below is this machine&apos;s own, which a device elsewhere cannot reach. Whoever runs the service
        sets <code>PUBLIC_URL</code> to the address devices and people reach it at.
      </p>
    )}
    <details className="connect-model" data-testid="connect-osmand">
      <summary>{DEVICE_MODEL_LABELS.osmand}</summary>
      <ol className="connect-steps">
        <li>Install Traccar Client on the phone (Android or iOS; any app speaking the OsmAnd protocol works).</li>
        <li>
          In its settings, set the server URL:
          <CopyField label="Server URL" value={osmandUrl} testId="osmand-url" />
          {osmandPortUrl && (
            <>
              <p>A phone or tracker already set up for Traccar may keep its port instead (plain HTTP, unencrypted):</p>
              <CopyField label="Traccar port URL" value={osmandPortUrl} testId="osmand-port-url" />
            </>
          )}
        </li>
        <li>
          Note its <strong>device identifier</strong> (or type your own), register it below with that identifier and the model {DEVICE_MODEL_LABELS.osmand}, and
          turn the service on in the app. Its first report shows in the list within a minute.
        </li>
      </ol>
    </details>
    {trackers.map((target) => (
      <details key={target.model} className="connect-model" data-testid={`connect-${target.model}`}>
        <summary>{DEVICE_MODEL_LABELS[target.model]}</summary>
        <TrackerSteps target={target} />
      </details>
    ))}
  </section>
);
