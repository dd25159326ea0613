"use client";

import { createContext, useContext } from "react";
import type { DistanceUnit } from "@/lib/platform/units";

type CompanyUnits = { distanceUnit: DistanceUnit; /** False when the company's HOS rules are "none". */ hosTracked: boolean };

const CompanyUnitsContext = createContext<CompanyUnits>({ distanceUnit: "km", hosTracked: true });

/** The company's distance unit and HOS rules for client components (server components read them from the company settings). */
export const CompanyUnitsProvider = CompanyUnitsContext.Provider;

export const useDistanceUnit = () => useContext(CompanyUnitsContext).distanceUnit;
export const useHosTracked = () => useContext(CompanyUnitsContext).hosTracked;
