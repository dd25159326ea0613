import { homeTerminalClock } from "@/lib/hos/eld-record/record-elements";

/**
 * The output file's name (Appendix A 4.8.2.2), 25 characters and ".csv": the first five letters of the
 * driver's last name ("_" for the missing ones), the last two digits of the licence number, the sum of
 * its digits (two digits), the creation date MMDDYY, "-", and nine characters the carrier may vary
 * ("000000000" here).
 */
export const eldFileName = ({
  lastName,
  licenseNumber,
  createdAt,
  timeZone,
}: {
  lastName: string;
  licenseNumber: string;
  createdAt: Date;
  timeZone: string;
}) => {
  const letters = lastName
    .normalize("NFKD")
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 5)
    .padEnd(5, "_");
  const digits = licenseNumber.replace(/[^0-9]/g, "");
  const lastTwo = digits.slice(-2).padStart(2, "0");
  const sum = [...digits].reduce((total, digit) => total + Number(digit), 0) % 100;
  return `${letters}${lastTwo}${String(sum).padStart(2, "0")}${homeTerminalClock(createdAt, timeZone).date}-000000000.csv`;
};
