// The layering rules `npm test` enforces (docs/architecture.md, "Layers"), and the line length. Deliberately
// small: layout is Prettier's (`npm run lint` checks it), style tsc's and the reviewer's; this file keeps the
// dependency graph the shape we promise.
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import typescriptParser from "eslint-typescript-parser";
import { LIB_DOMAINS } from "./lib/layers.mjs";

// Each domain of lib/ may import only the domains below it (lib/layers.mjs): a zone per domain.
const domainZones = LIB_DOMAINS.slice(0, -1).map((domain, index) => ({
  target: `./lib/${domain}`,
  from: LIB_DOMAINS.slice(index + 1).map((above) => `./lib/${above}`),
  message: `lib/${domain} sits below ${LIB_DOMAINS.slice(index + 1).join(", ")} (lib/layers.mjs): move the shared piece down instead.`,
}));

export default [
  { ignores: ["node_modules/**", ".next*/**", ".data*/**", "tools/**"] },
  {
    files: ["{lib,app,components,db}/**/*.{ts,tsx,mjs}", "instrumentation.ts", "proxy.ts"],
    // Syntax only (no type information): typescript-eslint cannot drive TypeScript 7 (see tools/eslint-typescript-parser).
    languageOptions: { parser: typescriptParser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx"],
      "import-x/parsers": { "eslint-typescript-parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // Every variable is parsed once, in lib/platform/config (env.mjs): add it there and to docs/operating.md's table.
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through getConfig() from @/lib/config." }],
    },
  },
  {
    files: ["lib/**/*.{ts,tsx,mjs}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["next", "next/*"], message: "lib/ is the domain: no Next.js. Route handlers and pages adapt it to Next." },
            {
              group: ["@/app", "@/app/*", "@/components", "@/components/*"],
              message: "lib/ must not import app/ or components/: move the shared piece into lib/.",
            },
          ],
        },
      ],
      // Domains depend downward only; folders inside one domain one way only (tests/architecture checks the folders).
      "import-x/no-restricted-paths": ["error", { zones: domainZones }],
    },
  },
  // Text a user typed is rendered as text (issue 33): Leaflet takes a string as HTML, so its content
  // is a node from leafletText (components/map/leaflet-text.ts), and nothing writes markup itself.
  {
    files: ["{app,components}/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(bindTooltip|bindPopup|setTooltipContent|setPopupContent|setContent)$/]" +
            ":not([arguments.0.callee.name='leafletText'])",
          message: "Leaflet puts a string in as HTML: pass leafletText(text) from @/components/map/leaflet-text.",
        },
        {
          selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]",
          message: "Set textContent, or render with React: text a user typed is never markup.",
        },
        {
          selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
          message: "Build nodes with textContent, or render with React: text a user typed is never markup.",
        },
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: "Render text as React children: text a user typed is never markup." },
      ],
    },
  },
  // No line over 160 characters, in every source file (Prettier's printWidth, .prettierrc.json). Prettier
  // wraps code at that width but never splits a string, so the long ones are this rule's to report.
  {
    files: ["**/*.{ts,tsx,mjs,cjs,js}"],
    languageOptions: { parser: typescriptParser, parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: { "max-len": ["error", { code: 160, ignoreUrls: true }] },
  },
  // Links prefetch on intent (components/ui/link.tsx): Next's own Link prefetches every link a page shows.
  {
    files: ["{app,components}/**/*.{ts,tsx}"],
    ignores: ["components/ui/link.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "next/link", message: "Import { Link } from @/components/ui/link: it prefetches a page on intent, not whenever it is shown." }] },
      ],
    },
  },
  // The one module that reads the environment.
  { files: ["lib/platform/config/env.mjs"], rules: { "no-restricted-properties": "off" } },
];
