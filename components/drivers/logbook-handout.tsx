import { CopyField } from "@/components/ui/copy-field";
import { qrCodePath } from "@/lib/dashboard/view/qr-code";

/** What to hand a driver: the logbook's sign-in link with their username filled in, to copy or to scan from the office screen. */
export const LogbookHandout = ({ url, username }: { url: string; username: string }) => {
  const { size, d } = qrCodePath(url);
  return (
    <div className="logbook-handout">
      <div>
        <CopyField label="Logbook link" value={url} testId="logbook-link" />
        <p className="muted">
          Send it to the driver, or let them scan the code with their phone. It opens the logbook&apos;s sign-in with their username,{" "}
          <strong>{username}</strong>, filled in; they sign in with the password or PIN set here.
        </p>
      </div>
      <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label={`QR code of the logbook link for ${username}`} shapeRendering="crispEdges">
        <rect width={size} height={size} fill="#fff" />
        <path d={d} fill="#000" />
      </svg>
    </div>
  );
};
