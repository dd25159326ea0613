/** Table 4 of Appendix A: each malfunction and data diagnostic code in words. */
export const ELD_CONDITION_NAMES: Record<string, string> = {
  P: "Power compliance malfunction",
  E: "Engine synchronization compliance malfunction",
  T: "Timing compliance malfunction",
  L: "Positioning compliance malfunction",
  R: "Data recording compliance malfunction",
  S: "Data transfer compliance malfunction",
  O: "Other ELD detected malfunction",
  "1": "Power data diagnostic",
  "2": "Engine synchronization data diagnostic",
  "3": "Missing required data elements data diagnostic",
  "4": "Data transfer data diagnostic",
  "5": "Unidentified driving records data diagnostic",
  "6": "Other ELD identified diagnostic",
};

export const eldConditionName = ({ diagnosticCode, kind }: { diagnosticCode: string; kind: "malfunction" | "diagnostic" }) =>
  ELD_CONDITION_NAMES[diagnosticCode] ?? (kind === "malfunction" ? `Malfunction ${diagnosticCode}` : `Data diagnostic ${diagnosticCode}`);

/** What a data diagnostic means and how to resolve it (395.34(b): the provider's recommendations). */
const DIAGNOSTIC_ADVICE: Record<string, string> = {
  "1": "The ELD was without power while the engine ran, so some time may not be recorded. Check your log for gaps and keep the tracker powered.",
  "2": "The vehicle's engine data (distance, engine hours, motion) did not reach the ELD for a while. Check your log, and tell your carrier if it goes on.",
  "3": "Some records lack the engine's distance or hours, or a location. Enter a location when asked; your carrier checks the vehicle's tracker.",
  "4":
    "Sending records to FMCSA could not be confirmed. At roadside, show the inspector your records on this screen or download the file; " +
    "it clears once a check succeeds.",
  "5":
    "The vehicle was driven over 30 minutes in 24 hours with nobody signed in. Accept the drives you made under Drives assigned to you; " +
    "your carrier assigns the others.",
  "6":
    "The ELD is late writing what the vehicle's tracker reports (automatic Driving, the stop prompt, hourly records). " +
    "Check your log and set your duty status yourself until it clears; your carrier is told.",
};

/** 395.34(a)(1)–(3): what a driver does on an ELD malfunction. */
export const MALFUNCTION_DUTIES = [
  "Note the malfunction and give your carrier written notice within 24 hours.",
  "Reconstruct your records of duty status for today and the previous 7 days, on paper logs, unless you have them (the ELD file here, or a printout).",
  "Keep paper logs until the ELD is repaired (your carrier has 8 days).",
] as const;

export const diagnosticAdvice = (diagnosticCode: string) =>
  DIAGNOSTIC_ADVICE[diagnosticCode] ?? "Follow your carrier's instructions to resolve it, and check that your log is complete.";
