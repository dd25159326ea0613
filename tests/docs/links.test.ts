import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Every relative link in the project's documentation leads somewhere: the file exists and, when the link
// names a heading (#anchor), the file has that heading (GitHub's slugs).
const DOCS = [
  "README.md",
  "CONTRIBUTING.md",
  ...readdirSync("docs")
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks and inline code, where a bracketed word is not a link. */
const proseOf = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2. */
const anchorsOf = (markdown: string) => {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of proseOf(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[*_`]/g, "");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
};

/** Relative link targets: inline links and images, and reference definitions. */
const linksOf = (markdown: string) => {
  const prose = proseOf(markdown);
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
  const references = [...prose.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((match) => match[1]);
  return [...inline, ...references].filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
};

const brokenLinks = (file: string) => {
  const broken: string[] = [];
  for (const target of linksOf(readFileSync(file, "utf8"))) {
    const [path, anchor] = target.split("#", 2);
    const resolved = path === "" ? file : join(dirname(file), decodeURIComponent(path));
    if (!existsSync(resolved)) {
      broken.push(`${target}: no ${relative(".", resolved)}`);
      continue;
    }
    if (anchor && statSync(resolved).isFile() && resolved.endsWith(".md") && !anchorsOf(readFileSync(resolved, "utf8")).has(anchor.toLowerCase())) {
      broken.push(`${target}: no heading #${anchor} in ${relative(".", resolved)}`);
    }
  }
  return broken;
};

describe("documentation links", () => {
  it.each(DOCS)("every relative link in %s resolves", (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it("the check reads links and headings as GitHub does", () => {
    const links = linksOf("[ok](api.md) [gone](no-such-file.md) `[code](ignored.md)` [web](https://example.com) [bad](#nowhere)");
    expect(links).toEqual(["api.md", "no-such-file.md", "#nowhere"]);
    expect(anchorsOf("## Using Samsara's SDK\n## Device ingestion\n## Device ingestion")).toEqual(
      new Set(["using-samsaras-sdk", "device-ingestion", "device-ingestion-1"]),
    );
  });

  it("docs/decisions.md lists every section in its contents (a section appended at the end is filed there)", () => {
    const decisions = readFileSync("docs/decisions.md", "utf8");
    const contents = decisions.slice(decisions.indexOf("## Contents"), decisions.indexOf("\n## ", decisions.indexOf("## Contents") + 1));
    const listed = new Set([...contents.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]));
    const sections = [...anchorsOf(decisions)].filter((anchor) => anchor !== "decisions" && anchor !== "contents");
    expect(sections.filter((anchor) => !listed.has(anchor))).toEqual([]);
  });

  it("README stays short: about 200 lines for those who run or try the service", () => {
    expect(readFileSync("README.md", "utf8").split("\n").length).toBeLessThanOrEqual(220);
  });
});
