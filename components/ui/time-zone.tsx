"use client";

import { createContext, useContext } from "react";
import { DEFAULT_TIME_ZONE } from "@/lib/platform/zoned-time";

const TimeZoneContext = createContext(DEFAULT_TIME_ZONE);

/** The company's time zone for client components (server components read it from the company settings). */
export const TimeZoneProvider = TimeZoneContext.Provider;

export const useTimeZone = () => useContext(TimeZoneContext);
