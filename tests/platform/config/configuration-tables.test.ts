import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV_NAMES } from "@/lib/platform/config";

/** The names in the first column of every table headed "Variable" in a Markdown file (Configuration, Simulator, ...). */
const tableVariables = (file: string) => {
  const names = new Set<string>();
  let inVariableTable = false;
  for (const line of readFileSync(file, "utf8").split("\n")) {
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

describe("the configuration tables", () => {
  it("docs/operating.md's list exactly the variables lib/platform/config parses", () => {
    expect(tableVariables("docs/operating.md")).toEqual([...ENV_NAMES].sort());
  });

  it("README's essentials name only variables lib/platform/config parses", () => {
    const essentials = tableVariables("README.md");
    expect(essentials.length).toBeGreaterThan(0);
    expect(essentials.filter((name) => !ENV_NAMES.includes(name))).toEqual([]);
  });
});
