"use client";

import { useState } from "react";
import type { OperationalSettings, Weekday } from "@/lib/processing/alerts/operational-settings";

const DAYS: { value: Weekday; label: string }[] = [
  { value: "MONDAY", label: "Mon" },
  { value: "TUESDAY", label: "Tue" },
  { value: "WEDNESDAY", label: "Wed" },
  { value: "THURSDAY", label: "Thu" },
  { value: "FRIDAY", label: "Fri" },
  { value: "SATURDAY", label: "Sat" },
  { value: "SUNDAY", label: "Sun" },
];
const WORKDAYS = new Set<Weekday>(["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"]);

/**
 * "Only outside working hours": the rule's operational settings as Samsara keeps them (inactive
 * between the working hours on the working days, in the company's zone). Read back with
 * `readWorkingHours` from the submitted form.
 */
export const WorkingHoursFields = () => {
  const [limited, setLimited] = useState(false);
  return (
    <fieldset className="choice-group">
      <legend>When</legend>
      <label className="choice">
        <input type="checkbox" name="outsideHours" checked={limited} onChange={(event) => setLimited(event.target.checked)} />
        Only outside working hours
      </label>
      {limited && (
        <>
          <div className="working-hours-days" role="group" aria-label="Working days">
            {DAYS.map((day) => (
              <label key={day.value} className="choice">
                <input type="checkbox" name="workDays" value={day.value} defaultChecked={WORKDAYS.has(day.value)} />
                {day.label}
              </label>
            ))}
          </div>
          <label>
            Working hours start
            <input type="time" name="workStart" required defaultValue="07:00" />
          </label>
          <label>
            Working hours end
            <input type="time" name="workEnd" required defaultValue="18:00" />
          </label>
        </>
      )}
    </fieldset>
  );
};

/** The operational settings the fields above describe, or null when the rule applies at all times. */
export const readWorkingHours = (form: FormData, timeZone: string): OperationalSettings | null => {
  if (form.get("outsideHours") !== "on") return null;
  const daysOfWeek = form.getAll("workDays").map(String) as Weekday[];
  return {
    timeRangeType: "inactiveBetween",
    timeRanges: [{ daysOfWeek, startTime: String(form.get("workStart")), endTime: String(form.get("workEnd")), timezone: timeZone }],
  };
};
