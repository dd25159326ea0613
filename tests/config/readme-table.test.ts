import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV_NAMES } from "@/lib/config";

/** The names in the first column of every README table headed "Variable" (Configuration, Simulator, ...). */
const readmeVariables = () => {
  const names = new Set<string>();
  let inVariableTable = false;
  for (const line of readFileSync("README.md", "utf8").split("\n")) {
    if (!line.startsWith("|")) {
      inVariableTable = false;
      continue;
    }
    const firstCell = line.split("|")[1].trim();
    if (firstCell === "Variable") inVariableTable = true;
    else if (inVariableTable) for (const [, name] of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(name);
  }
  return [...names].sort();
};

describe("README's configuration tables", () => {
  it("list exactly the variables lib/config parses", () => {
    expect(readmeVariables()).toEqual([...ENV_NAMES].sort());
  });
});
