import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type JournalEntry = { idx: number; when: number; tag: string };

const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: JournalEntry[] };

describe("the migration journal (db/migrations/meta/_journal.json)", () => {
  // drizzle's migrator applies the migrations whose `when` is after the newest applied one's: a migration
  // stamped earlier than one before it is skipped by every database that already has that one.
  it("stamps every migration later than the one before it, so that an upgrade from any migration applies all that follow", () => {
    const outOfOrder = journal.entries.filter((entry, index) => index > 0 && entry.when <= journal.entries[index - 1].when).map((entry) => entry.tag);
    expect(outOfOrder).toEqual([]);
  });

  it("numbers the migrations 0, 1, 2, … with the number in each file's name", () => {
    expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, index) => index));
    expect(journal.entries.filter((entry) => Number(entry.tag.slice(0, 4)) !== entry.idx).map((entry) => entry.tag)).toEqual([]);
  });
});
